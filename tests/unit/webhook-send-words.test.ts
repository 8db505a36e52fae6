import { describe, expect, it } from 'vitest';
import { webhookSendProblem } from '../../server/domain/webhook-send-words.js';

describe("a webhook send's failure, as the delivery log says it", () => {
  it('puts known codes in words and keeps the code to look up', () => {
    expect(webhookSendProblem('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9')).toBe(
      'the receiver refused the connection: nothing listens at its address and port (ECONNREFUSED)',
    );
    expect(
      webhookSendProblem(
        'ERR_SSL_WRONG_VERSION_NUMBER',
        'C086:error:0A00010B:SSL routines:ssl3_get_record:wrong version number:../deps/openssl/ssl3_record.c:350:\n',
      ),
    ).toMatch(/^the receiver did not speak TLS: is it plain http.*\(ERR_SSL_WRONG_VERSION_NUMBER\)$/);
    expect(webhookSendProblem('ERR_SSL_SOMETHING_NEW', 'openssl text')).toBe(
      'the secure TLS connection to the receiver failed (ERR_SSL_SOMETHING_NEW)',
    );
    expect(webhookSendProblem('UND_ERR_HEADERS_TIMEOUT', 'Headers Timeout Error')).toBe(
      'the receiver did not answer in time (UND_ERR_HEADERS_TIMEOUT)',
    );
  });

  it('says the receiver answered when the connection closed after its status (session 34)', () => {
    expect(webhookSendProblem('UND_ERR_SOCKET', 'other side closed', 200)).toBe(
      'the receiver answered 200, then closed the connection before the end of its answer (UND_ERR_SOCKET)',
    );
    expect(webhookSendProblem('UND_ERR_SOCKET', 'other side closed', null)).toBe(
      'the receiver closed the connection before it answered (UND_ERR_SOCKET)',
    );
    expect(webhookSendProblem('UND_ERR_BODY_TIMEOUT', 'Body Timeout Error', 200)).toBe(
      'the receiver began to answer, then sent nothing more (UND_ERR_BODY_TIMEOUT)',
    );
  });

  it('says what was thrown for anything else, trimmed and bounded', () => {
    expect(webhookSendProblem(undefined, 'refused: 10.0.0.1 is a private address \n')).toBe(
      'refused: 10.0.0.1 is a private address',
    );
    expect(webhookSendProblem('EWEIRD', 'x'.repeat(400))).toHaveLength(300);
    expect(webhookSendProblem(undefined, undefined)).toBe('request failed');
  });
});
