import { QueryFailedError } from 'typeorm';
import { PreparedStatements } from '../../../../src/platform/database/prepared-statements';
import { createTestApp, TestApp } from '../../../utils/create-test-app';

describe('PreparedStatements', () => {
  let t: TestApp;
  let statements: PreparedStatements;

  beforeAll(async () => {
    t = await createTestApp();
    statements = t.app.get(PreparedStatements);
  });
  afterAll(() => t.close());

  it('runs a statement again and again (prepared once per connection), with its parameters', async () => {
    const text = 'SELECT $1::int + 1 AS n, current_setting($2) AS setting';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => statements.query<{ n: number }>(text, [i, 'TimeZone'])),
    );
    expect(answers.map(([row]) => row.n)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('reports a failing statement as TypeORM does (QueryFailedError with the driver code)', async () => {
    const failure = await statements.query('SELECT * FROM no_such_table').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect((failure as QueryFailedError & { driverError: { code: string } }).driverError.code).toBe('42P01');
  });

  it('returns the rows of a data-modifying statement', async () => {
    const rows = await statements.query<{ x: number }>(
      'WITH t AS (SELECT 1 AS x) UPDATE tag SET label = label WHERE false RETURNING 1 AS x',
    );
    expect(rows).toEqual([]);
  });
});
