/**
 * A WHERE clause built from optional filters: each condition is added with the values of its
 * `?` placeholders, so the parameters always line up with the SQL.
 */
export class SqlWhere {
  private readonly conditions: string[] = [];
  readonly params: unknown[] = [];

  add(condition: string, ...values: unknown[]): this {
    this.conditions.push(condition);
    this.params.push(...values);
    return this;
  }

  /** The conditions joined by AND. */
  get sql(): string {
    return this.conditions.join(' AND ');
  }

  /** `WHERE …`, or nothing when no filter applies. */
  clause(): string {
    return this.conditions.length ? `WHERE ${this.sql}` : '';
  }
}
