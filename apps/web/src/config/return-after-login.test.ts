import { describe, expect, it } from 'vitest';
import { loginPathFor, returnTargetOf } from './return-after-login';

const consentQuery =
  '?response_type=code&client_id=abc&redirect_uri=https%3A%2F%2Fclient.example%2Fcb&state=x%20y&code_challenge=c';

describe('loginPathFor', () => {
  it('sends a visitor of an ordinary page to the plain login page', () => {
    expect(loginPathFor({ pathname: '/employees', search: '' })).toBe('/auth');
    expect(loginPathFor({ pathname: '/transactions', search: '?page=2' })).toBe('/auth');
    expect(loginPathFor({ pathname: '/', search: '' })).toBe('/auth');
  });

  it('names the consent page with its whole query', () => {
    const path = loginPathFor({ pathname: '/oauth/authorize', search: consentQuery });
    expect(path.startsWith('/auth?weiter=')).toBe(true);
    expect(new URLSearchParams(path.slice('/auth'.length)).get('weiter')).toBe(`/oauth/authorize${consentQuery}`);
  });
});

describe('returnTargetOf', () => {
  it('answers the consent page with its query, unchanged', () => {
    const login = loginPathFor({ pathname: '/oauth/authorize', search: consentQuery });
    expect(returnTargetOf(login.slice('/auth'.length))).toBe(`/oauth/authorize${consentQuery}`);
  });

  it('ignores no target, other pages and other sites', () => {
    for (const target of [
      undefined,
      '',
      '/employees',
      '/auth',
      'oauth/authorize',
      'https://evil.example/oauth/authorize',
      '//evil.example/oauth/authorize',
      '/\\evil.example/oauth/authorize',
      'javascript:alert(1)',
    ]) {
      const search = target === undefined ? '' : `?${new URLSearchParams({ weiter: target }).toString()}`;
      expect(returnTargetOf(search), String(target)).toBeUndefined();
    }
  });
});
