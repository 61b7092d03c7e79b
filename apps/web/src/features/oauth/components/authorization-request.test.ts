import { describe, expect, it } from 'vitest';
import { authorizationRequestOf, organisationChoices } from './authorization-request';

describe('authorizationRequestOf', () => {
  it('answers the OAuth parameters of the query, decoded', () => {
    const search =
      '?response_type=code&client_id=c-1&redirect_uri=https%3A%2F%2Fclient.example%2Fcb%3Fx%3D1' +
      '&scope=forecast%3Aread+data%3Aread&state=a%20b&code_challenge=abc&code_challenge_method=S256' +
      '&resource=http%3A%2F%2Flocalhost%2Fapi%2Fmcp';
    expect(authorizationRequestOf(search)).toEqual({
      response_type: 'code',
      client_id: 'c-1',
      redirect_uri: 'https://client.example/cb?x=1',
      scope: 'forecast:read data:read',
      state: 'a b',
      code_challenge: 'abc',
      code_challenge_method: 'S256',
      resource: 'http://localhost/api/mcp',
    });
  });

  it('leaves out what the request does not know and keeps optional parameters absent', () => {
    const request = authorizationRequestOf('?response_type=code&client_id=c&prompt=consent&state=1&state=2');
    expect(request).toEqual({ response_type: 'code', client_id: 'c', state: '2' });
    expect('scope' in request).toBe(false);
  });
});

describe('organisationChoices', () => {
  it('puts the proposed organisation first and names each once', () => {
    const a = { id: 1, name: 'A' };
    const b = { id: 2, name: 'B' };
    expect(organisationChoices(b, [a, b])).toEqual([b, a]);
    expect(organisationChoices(a, [])).toEqual([a]);
  });
});
