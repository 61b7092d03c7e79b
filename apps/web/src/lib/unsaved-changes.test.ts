import { describe, expect, it } from 'vitest';
import { confirmStore } from './confirm';
import { closeUnlessKept } from './unsaved-changes';

describe('closeUnlessKept', () => {
  it('closes an unchanged dialog at once, without a question', async () => {
    let closed = false;
    await expect(closeUnlessKept(false, () => (closed = true))).resolves.toBe(true);
    expect(closed).toBe(true);
    expect(confirmStore.get()).toBeNull();
  });

  it('asks about a changed one with the focus on "Nein"; "Nein" keeps it open', async () => {
    let closed = false;
    const answer = closeUnlessKept(true, () => (closed = true));
    expect(confirmStore.get()).toMatchObject({ header: 'Änderungen verwerfen?', defaultFocus: 'reject' });
    expect(closed).toBe(false);
    confirmStore.get()?.resolve(false);
    await expect(answer).resolves.toBe(false);
    expect(closed).toBe(false);
  });

  it('closes a changed one after "Ja"', async () => {
    let closed = false;
    const answer = closeUnlessKept(true, () => (closed = true));
    confirmStore.get()?.resolve(true);
    await expect(answer).resolves.toBe(true);
    expect(closed).toBe(true);
  });
});
