import { useRef, useState, type FocusEvent, type Ref } from 'react';
import { ActionIcon, Group, Text, TextInput, Tooltip, type TextInputProps } from '@mantine/core';
import { IconPlusMinus } from '@tabler/icons-react';
import { boundInput } from './bound-field';
import { canInvert, centsOfText, invertLabel, textOfCents } from './amount-text';

export interface AmountInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'rightSection' | 'type' | 'inputMode'
> {
  /** Whole cents; `null` (or `undefined`) while empty, `NaN` while the text is no amount (see centsOfText). */
  value: number | null | undefined;
  onChange: (cents: number | null) => void;
  /** The currency code shown beside the number (e.g. "CHF"); none when omitted. */
  currency?: string;
  /** Shows the +/- button that flips the sign (disabled at 0). */
  invertible?: boolean;
  /** Tooltip of the +/- button, e.g. "Negatives Vorzeichen möglich"; default its own label. */
  invertHint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one money field (docs/web.md "Formatting"): shows the amount de-CH formatted (`1'234.50`),
 * takes what a person types or pastes (`1'234.50`, `1234,5`, `-300`) through the shared
 * `parseAmount`, selects everything on focus, shows the currency code beside the number and
 * optionally a +/- button. The value is whole cents, so no float ever reaches a form or the API.
 *
 * With react-hook-form use {@link AmountField}.
 */
export function AmountInput({
  value,
  onChange,
  currency,
  invertible = false,
  invertHint,
  onFocus,
  onBlur,
  onMouseUp,
  disabled,
  readOnly,
  ...inputProps
}: AmountInputProps) {
  // What the person typed, kept only while it still stands for the current value: once the value
  // changes from outside (reset, invert, another record) the formatted value shows again.
  const [typed, setTyped] = useState<{ text: string; cents: number | null } | null>(null);
  const justFocused = useRef(false);
  const shown = typed && Object.is(typed.cents, value ?? null) ? typed.text : textOfCents(value);
  const label = invertLabel(value);

  const invert = invertible ? (
    <Tooltip label={invertHint ?? label}>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        disabled={disabled || readOnly || !canInvert(value)}
        onClick={() => canInvert(value) && onChange(-value)}
      >
        <IconPlusMinus size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  ) : null;

  return (
    <TextInput
      {...inputProps}
      disabled={disabled}
      readOnly={readOnly}
      inputMode="decimal"
      autoComplete="off"
      value={shown}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      rightSectionWidth={(currency ? 40 : 0) + (invert ? 34 : 0) || undefined}
      rightSectionPointerEvents="auto"
      rightSection={
        currency || invert ? (
          <Group gap={4} wrap="nowrap" pr={4}>
            {currency ? (
              <Text size="sm" c="dimmed" aria-hidden>
                {currency}
              </Text>
            ) : null}
            {invert}
          </Group>
        ) : null
      }
      onChange={(event) => {
        const text = event.currentTarget.value;
        const cents = centsOfText(text);
        setTyped({ text, cents });
        onChange(cents);
      }}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        event.currentTarget.select();
        justFocused.current = true;
        onFocus?.(event);
      }}
      onMouseUp={(event) => {
        // The mouse-up of the click that focused the field would put the caret in and undo the
        // selection: "select all on focus" holds for clicks too.
        if (justFocused.current) event.preventDefault();
        justFocused.current = false;
        onMouseUp?.(event);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        // A valid amount is shown formatted again; text that is no amount stays, with its message.
        if (typed && !Number.isNaN(typed.cents)) setTyped(null);
        onBlur?.(event);
      }}
    />
  );
}

/** {@link AmountInput} bound to a field of a `useSchemaForm` form; shows the field's German message. */
export const AmountField = boundInput(AmountInput);
