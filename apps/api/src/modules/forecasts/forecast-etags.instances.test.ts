import { describe, expect, it } from 'vitest';
import { stampOfEtag } from '../../plugins/etag.js';
import { aBankAccount, aTransaction } from '../../test/factories.js';
import { signUp } from '../../test/test-client.js';
import { onInstance, useTwoInstances } from '../../test/two-instances.js';

// docs/realtime.md "Stamps and ETags": each instance keeps the organisations' data versions in
// memory; a write through either instance drops them on both before it answers, so the ETag path
// stays exact across instances (two pools on PostgreSQL with DATABASE_URL, one PGlite otherwise).

const instances = useTwoInstances();

const READS = ['/api/forecasts?months=13&performance=100', '/api/plan-actual'] as const;

const conditional = (user: Pick<ReturnType<typeof onInstance>, 'send'>, url: string, etag: string) =>
  user.send({ method: 'GET', url, headers: { 'if-none-match': etag } });

describe('ETags across two instances', () => {
  it('a write on one instance is never confirmed with 304 by the other, both ways', async () => {
    const { a, b } = instances;
    const onA = await signUp(a);
    const onB = onInstance(b, onA);
    await aTransaction(onA);
    for (const url of READS) {
      // Both instances keep the versions: each answers the other's tag with 304.
      const first = await onB.get(url);
      expect(first.statusCode, url).toBe(200);
      const tag = String(first.headers.etag);
      expect((await conditional(onB, url, tag)).statusCode, url).toBe(304);
      expect((await conditional(onA, url, tag)).statusCode, url).toBe(304);

      // Written on A: B answers the old tag with the new answer right after the write's answer.
      await aTransaction(onA, { amount: 4_321 });
      const afterA = await conditional(onB, url, tag);
      expect(afterA.statusCode, url).toBe(200);
      const newTag = String(afterA.headers.etag);
      expect(stampOfEtag(newTag), url).not.toBe(stampOfEtag(tag));
      expect((await conditional(onA, url, newTag)).statusCode, url).toBe(304);

      // Written on B (another table): A sees it at once too.
      await aBankAccount({ ...onA, ...onB });
      const afterB = await conditional(onA, url, newTag);
      expect(afterB.statusCode, url).toBe(200);
      expect(stampOfEtag(String(afterB.headers.etag)), url).not.toBe(stampOfEtag(newTag));
      // And both agree on the new stamp.
      const onBNow = await onB.get(url);
      expect(stampOfEtag(String(onBNow.headers.etag)), url).toBe(stampOfEtag(String(afterB.headers.etag)));
    }
  });
});
