// Data the speed scripts create through the API, as users would (bench.mjs, profile-lists.mjs).

/** The password every bench user registers with. */
export const BENCH_PASSWORD = 'Bench-Passwort-1';

/** Registers a user through the outbox (as a person would) and answers the session cookie header. */
export async function signUp(origin, email = `bench-${Date.now()}@example.ch`) {
  const post = (path, body) =>
    fetch(`${origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/api/auth/registration/create', { email });
  let code;
  while (!code) {
    const mails = await (await fetch(`${origin}/api/dev/outbox`)).json();
    code = /code=([A-Za-z0-9_-]+)/.exec(mails.find((mail) => mail.to === email)?.text ?? '')?.[1];
    if (!code) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const finished = await post('/api/auth/registration/finish', { email, code, password: BENCH_PASSWORD });
  return finished.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** Creates `count` transactions through the API, 20 requests at a time (as many users would). */
export async function createTransactions(origin, cookie, count) {
  const headers = { cookie, origin, 'content-type': 'application/json' };
  const [currency] = await (await fetch(`${origin}/api/currencies`, { headers })).json();
  const { data: categories } = await (await fetch(`${origin}/api/categories`, { headers })).json();
  const cycles = ['monthly', 'quarterly', 'biannually', 'yearly'];
  const words = ['Miete', 'Lizenz', 'Mandat', 'Versicherung', 'Leasing', 'Hosting', 'Beratung', 'Spesen'];
  let next = 0;
  async function worker() {
    while (next < count) {
      const i = next++;
      const single = i % 5 === 0;
      const month = String((i % 12) + 1).padStart(2, '0');
      const body = {
        name: `${words[i % words.length]} ${String(i).padStart(5, '0')}`,
        amount: (i % 3 === 0 ? 1 : -1) * (1_000 + ((i * 7919) % 900_000)),
        type: single ? 'single' : 'repeating',
        ...(single ? {} : { cycle: cycles[i % 4] }),
        startDate: `${2024 + (i % 4)}-${month}-${String((i % 28) + 1).padStart(2, '0')}`,
        ...(single || i % 7 ? {} : { endDate: `${2028 + (i % 3)}-12-31` }),
        categoryId: categories[i % categories.length].id,
        currencyId: currency.id,
      };
      const response = await fetch(`${origin}/api/transactions`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (response.status !== 201)
        throw new Error(`creating a transaction: ${response.status} ${await response.text()}`);
    }
  }
  await Promise.all(Array.from({ length: 20 }, worker));
}
