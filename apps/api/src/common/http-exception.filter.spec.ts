import { isDatabaseUnavailable } from './http-exception.filter';

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures, also wrapped in a TypeORM QueryFailedError', () => {
    expect(
      isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(true);
    const wrapped = Object.assign(new Error('query failed'), {
      driverError: Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST' }),
    });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('dup'), { code: 'ER_DUP_ENTRY' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
