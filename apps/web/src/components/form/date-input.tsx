import { useRef, useState, type Ref } from 'react';
import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { boundInput } from './bound-field';
import { isoOfDateText, textOfIsoDate } from './date-text';
import classes from './form.module.css';

export interface DateInputProps extends Omit<
  TextInputProps,
  'value' | 'defaultValue' | 'onChange' | 'rightSection' | 'type' | 'min' | 'max'
> {
  /** 'YYYY-MM-DD'; `null` (or `undefined`) while empty; the typed text while it is no date (see isoOfDateText). */
  value: string | null | undefined;
  onChange: (date: string | null) => void;
  /** Earliest and latest day the calendar offers, 'YYYY-MM-DD'. */
  min?: string;
  max?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The one date field: shows and takes "dd.mm.yyyy" (docs/web.md "Formatting") whatever the browser's language — a
 * native date input would show the browser's own format — and offers the browser's calendar
 * through its button. The value is 'YYYY-MM-DD', as the API takes it.
 *
 * With react-hook-form use {@link DateField}.
 */
export function DateInput({
  value,
  onChange,
  min = '1900-01-01',
  max = '2999-12-31',
  onBlur,
  disabled,
  readOnly,
  ...inputProps
}: DateInputProps) {
  const [typed, setTyped] = useState<{ text: string; date: string | null } | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const shown = typed && typed.date === (value ?? null) ? typed.text : textOfIsoDate(value);

  return (
    <TextInput
      {...inputProps}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={inputProps.placeholder ?? 'TT.MM.JJJJ'}
      autoComplete="off"
      value={shown}
      onChange={(event) => {
        const text = event.currentTarget.value;
        const date = isoOfDateText(text);
        setTyped({ text, date });
        onChange(date);
      }}
      onBlur={(event) => {
        setTyped(null);
        onBlur?.(event);
      }}
      rightSectionPointerEvents="auto"
      rightSection={
        <span className={classes.pickerAnchor}>
          <ActionIcon
            variant="subtle"
            aria-label="Kalender öffnen"
            disabled={disabled || readOnly}
            onClick={() => picker.current?.showPicker()}
          >
            <IconCalendar size={16} aria-hidden />
          </ActionIcon>
          {/* The browser's calendar, opened by the button; only its chosen day is read. */}
          <input
            ref={picker}
            type="date"
            className={classes.picker}
            tabIndex={-1}
            aria-hidden
            min={min}
            max={max}
            value={value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
            onChange={(event) => {
              setTyped(null);
              onChange(event.currentTarget.value || null);
            }}
          />
        </span>
      }
    />
  );
}

/** {@link DateInput} bound to a field of a `useSchemaForm` form; shows the field's German message. */
export const DateField = boundInput(DateInput);
