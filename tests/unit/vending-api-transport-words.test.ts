import { describe, expect, it } from 'vitest';
import { errorCode, transportProblem } from '../../server/upstreams/vending-api/transport-words.js';

const waits = { timeoutMs: 15_000, connectTimeoutMs: 5_000 };

describe("a transport failure in the admin's words", () => {
  it('time-outs say how long the provider had', () => {
    expect(transportProblem('UND_ERR_HEADERS_TIMEOUT', waits)).toBe(
      'the provider did not answer within 15 s',
    );
    expect(transportProblem('UND_ERR_BODY_TIMEOUT', waits)).toBe(
      'the provider began to answer, then sent nothing more for 15 s',
    );
    expect(transportProblem('UND_ERR_CONNECT_TIMEOUT', waits)).toBe(
      'the provider could not be reached within 5 s',
    );
    expect(transportProblem('DEADLINE', waits)).toBe('the provider did not finish its answer within 20 s');
    expect(transportProblem('UND_ERR_CONNECT_TIMEOUT', { timeoutMs: 3_000, connectTimeoutMs: 200 })).toBe(
      'the provider could not be reached within 0.2 s',
    );
  });

  it('refusals, resets and unknown hosts are named without their codes', () => {
    expect(transportProblem('ECONNREFUSED', waits)).toBe(
      'the provider refused the connection: nothing answers at its address and port',
    );
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET'])
      expect(transportProblem(code, waits)).toBe('the provider closed the connection before it answered');
    expect(transportProblem('ENOTFOUND', waits)).toBe("the provider's host name could not be found in DNS");
    expect(transportProblem('CERT_HAS_EXPIRED', waits)).toBe("the provider's TLS certificate has expired");
    expect(transportProblem('ERR_SSL_WRONG_VERSION_NUMBER', waits)).toBe(
      'the secure TLS connection to the provider failed',
    );
    for (const code of [
      'UND_ERR_HEADERS_TIMEOUT',
      'UND_ERR_BODY_TIMEOUT',
      'UND_ERR_CONNECT_TIMEOUT',
      'UND_ERR_SOCKET',
      'ECONNREFUSED',
      'ECONNRESET',
      'ENOTFOUND',
      'EHOSTUNREACH',
      'QUEUE_TIMEOUT',
      'DEADLINE',
    ])
      expect(transportProblem(code, waits), code).not.toContain(code);
  });

  it('a code not known here is still said, so it can be looked up', () => {
    expect(transportProblem('UND_ERR_SOMETHING_NEW', waits)).toBe(
      'the connection to the provider failed (UND_ERR_SOMETHING_NEW)',
    );
  });

  it("a thrown error's code, else its name", () => {
    expect(errorCode(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(errorCode(new DOMException('late', 'TimeoutError'))).toBe('TimeoutError');
    expect(errorCode('nope')).toBe('ERROR');
  });
});
