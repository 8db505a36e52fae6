import { Type, type TSchema } from '@sinclair/typebox';

/**
 * The admin console's answers as TypeBox schemas (renderer types are generated from them).
 * Inlined, never shared by $ref, so the merchants' OpenAPI document gains no components.
 */

export { Nullable } from '../schema-blocks.js';
export const Lit = <T extends string>(...values: T[]) => Type.Union(values.map((v) => Type.Literal(v)));
export const PerEnv = <T extends TSchema>(t: T) => Type.Object({ test: t, live: t });
/** Free-form JSON the node stores and echoes (options, audit detail, sync summaries). */
export const Open = Type.Record(Type.String(), Type.Unknown());

/** A count and its amount, spread into the tallies of dashboards, cash-ups and reports. */
export const Tally = { count: Type.Integer(), amount: Type.String() };
export const TallyObject = Type.Object(Tally);

/**
 * Stored JSON the node reads back as a plain record: the schema says what is in it (for the
 * document and the renderer's types), the server code keeps treating it as a record.
 */
export const StoredJson = <T extends TSchema>(t: T) => Type.Unsafe<Record<string, unknown>>(t);
