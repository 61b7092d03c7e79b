import { Button, Collapse, Stack, Switch, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Controller, useWatch } from 'react-hook-form';
import { PaymentCalendarFields } from '../../../../components/payment-calendar/fund-fields';
import { calendarLeverTexts as texts } from '../../../../components/payment-calendar/payment-calendar-texts';
import { baseCalendarQuery } from '../../api/get-base-calendar';
import { useChosenCurrency, type LeverFieldsProps } from './lever-fields';

/**
 * The VAT/settings lever's payment calendar (docs/scenarios.md "Payment calendar"), a part that
 * opens on demand: switched off, the calendar stays as it is (the lever sends none); switched on, it
 * starts as the base's calendar, so changing one fund keeps the others, and takes effect from the
 * first 1 January on or after the lever's date.
 */
export function VatCalendarFields({ control }: LeverFieldsProps) {
  const calendar = useWatch({ control, name: 'paymentCalendar' });
  const [opened, { toggle }] = useDisclosure(calendar !== undefined);
  const base = useQuery({ ...baseCalendarQuery(), enabled: opened });
  const currency = useChosenCurrency(control);
  return (
    <Stack gap="xs">
      <Button variant="subtle" justify="start" px={0} aria-expanded={opened} onClick={toggle}>
        {`${opened ? '▾' : '▸'} ${texts.title}`}
      </Button>
      <Collapse expanded={opened}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {texts.hint}
          </Text>
          <Controller
            control={control}
            name="paymentCalendar"
            render={({ field }) => (
              <Switch
                label={texts.change}
                checked={field.value !== undefined}
                disabled={base.isPending}
                onChange={(event) => field.onChange(event.currentTarget.checked ? (base.data ?? {}) : undefined)}
              />
            )}
          />
          {calendar !== undefined ? (
            <PaymentCalendarFields control={control} root="paymentCalendar." editable currency={currency} />
          ) : null}
        </Stack>
      </Collapse>
    </Stack>
  );
}
