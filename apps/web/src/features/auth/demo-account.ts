import type { LoginInput } from '@saldopilot/shared';

/**
 * The demo account a development server names in the page (docs/web.md "Session"): a meta tag it
 * writes into index.html in development only, so the login page asks no server for it and names
 * nothing anywhere else.
 */
export function demoAccount(root: Pick<Document, 'querySelector'> = document): LoginInput | null {
  const content = root.querySelector('meta[name="saldopilot-demo-account"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const account = JSON.parse(content) as Partial<LoginInput>;
    return typeof account.email === 'string' && typeof account.password === 'string'
      ? { email: account.email, password: account.password }
      : null;
  } catch {
    return null;
  }
}
