import type { FastifyInstance } from 'fastify';
export declare function errorBody(code: number, message: string): {
    status: "error";
    code: number;
    message: string;
};
interface AjvIssue {
    instancePath?: string;
    keyword?: string;
    message?: string;
    params?: Record<string, unknown>;
}
/** Turns a schema validation failure into a sentence naming the field. */
export declare function validationMessage(issues: AjvIssue[], context: string | undefined): string;
export declare function registerErrorHandling(app: FastifyInstance): void;
export {};
