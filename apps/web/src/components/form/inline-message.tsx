import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@mantine/core';
import { MESSAGE_LIFE_MS } from '@saldopilot/shared';

export interface InlineMessageValue {
  severity: 'success' | 'error';
  text: string;
  detail?: string;
}

/** A form's result message: a success disappears after the message life of 3 s (docs/product.md "Constants"), an error stays. */
export function useInlineMessage() {
  const [message, setMessage] = useState<InlineMessageValue | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = useCallback((value: InlineMessageValue | null) => {
    clearTimeout(timer.current);
    setMessage(value);
    if (value?.severity === 'success') timer.current = setTimeout(() => setMessage(null), MESSAGE_LIFE_MS);
  }, []);
  return [message, show] as const;
}

/** Shows a form's result message beside the form. */
export function InlineMessage({ message }: { message: InlineMessageValue | null }) {
  if (!message) return null;
  return (
    <Alert
      role={message.severity === 'error' ? 'alert' : 'status'}
      color={message.severity === 'error' ? 'red' : 'green'}
      variant="light"
      title={message.text}
      mt="sm"
    >
      {message.detail}
    </Alert>
  );
}
