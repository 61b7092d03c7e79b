import { Alert, Skeleton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { hasRole, paymentCalendarUpdateSchema, type Organisation, type PaymentCalendar } from '@saldopilot/shared';
import { Form } from '../../../components/form/form';
import { useInlineMessage } from '../../../components/form/inline-message';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { PaymentCalendarFields } from '../../../components/payment-calendar/fund-fields';
import { paymentCalendarTexts as texts } from '../../../components/payment-calendar/payment-calendar-texts';
import { ApiError } from '../../../lib/api-error';
import { invalidatePlanQueries } from '../../../lib/query-keys';
import { getPaymentCalendar, getPaymentCalendarWarnings, paymentCalendarKeys } from '../api/get-payment-calendar';
import { savePaymentCalendar } from '../api/save-payment-calendar';
import { SettingsSave } from './settings-save';
import { SettingsSection } from './settings-section';

function PaymentCalendarForm({
  saved,
  editable,
  organisationId,
  currency,
}: {
  saved: PaymentCalendar;
  editable: boolean;
  organisationId: number;
  currency: string;
}) {
  const queryClient = useQueryClient();
  const [message, showMessage] = useInlineMessage();
  const { control, handleSubmit, reset } = useSchemaForm(paymentCalendarUpdateSchema, {
    values: saved,
    resetOptions: { keepDirtyValues: true },
  });

  return (
    <Form
      aria-label={texts.title}
      onSubmit={handleSubmit(async (input) => {
        try {
          const updated = await savePaymentCalendar(input);
          queryClient.setQueryData(paymentCalendarKeys.current(organisationId), updated);
          // The funds' payments are planned: the forecast and Plan/Ist follow.
          await invalidatePlanQueries();
          reset(updated);
          showMessage({ severity: 'success', text: texts.saved });
        } catch (error) {
          showMessage({
            severity: 'error',
            text: texts.failed,
            detail: error instanceof ApiError ? error.message : undefined,
          });
        }
      })}
    >
      <PaymentCalendarFields control={control} root="" editable={editable} currency={currency} />
      <SettingsSave editable={editable} control={control} label={texts.save} message={message} />
    </Form>
  );
}

/**
 * "Zahlungskalender" (docs/payment-calendar.md, docs/web.md "Organisation"): when the funds collect
 * the salary costs; owners and admins change it, for the active organisation only.
 */
export function PaymentCalendarSection({ organisation, current }: { organisation: Organisation; current: boolean }) {
  const editable = hasRole(organisation.role, 'admin');
  const query = useQuery({
    queryKey: paymentCalendarKeys.current(organisation.id),
    queryFn: getPaymentCalendar,
    enabled: current,
  });
  const warnings = useQuery({
    queryKey: paymentCalendarKeys.warnings(organisation.id),
    queryFn: getPaymentCalendarWarnings,
    enabled: current,
  });
  return (
    <SettingsSection title={texts.title} description={editable ? texts.description : texts.readOnlyHint}>
      {current
        ? warnings.data?.warnings.map((warning) => (
            <Alert key={warning} variant="light" color="yellow" mb="sm">
              {warning}
            </Alert>
          ))
        : null}
      {!current ? (
        <Alert variant="light" color="blue">
          {texts.otherOrganisation}
        </Alert>
      ) : query.isPending ? (
        <Skeleton h={40} radius="md" />
      ) : query.isError ? (
        <Alert variant="light" color="red" role="alert" title={texts.loadFailed}>
          {query.error instanceof ApiError ? query.error.message : null}
        </Alert>
      ) : (
        <PaymentCalendarForm
          saved={query.data}
          editable={editable}
          organisationId={organisation.id}
          currency={organisation.currency.code}
        />
      )}
    </SettingsSection>
  );
}
