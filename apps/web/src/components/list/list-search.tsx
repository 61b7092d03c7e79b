import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { listTexts, SEARCH_DEBOUNCE_MS } from './list-texts';

/**
 * The search box of a list (docs/web.md "Lists"): placeholder "Suchen", a clear button while there is
 * text, and the trimmed text handed on 300 ms after the last keystroke, so typing a word asks the
 * server once. Only spaces, or the same text again, ask nothing.
 */
export function ListSearch({ value, onChange }: { value: string; onChange: (search: string) => void }) {
  const [text, setText] = useState(value);
  const commit = useDebouncedCallback((next: string) => {
    const trimmed = next.trim();
    if (trimmed !== value) onChange(trimmed);
  }, SEARCH_DEBOUNCE_MS);

  const clear = () => {
    commit.cancel();
    setText('');
    if (value !== '') onChange('');
  };

  return (
    <TextInput
      aria-label={listTexts.search}
      placeholder={listTexts.search}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        commit(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text !== '') clear();
      }}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSectionPointerEvents="auto"
      rightSection={text ? <CloseButton size="sm" aria-label={listTexts.clearSearch} onClick={clear} /> : null}
      w={{ base: '100%', xs: '16rem' }}
    />
  );
}
