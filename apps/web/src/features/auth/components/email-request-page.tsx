import { useState, type ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { emailOnlySchema } from '@saldopilot/shared';
import { EmailInput } from '../../../components/form/email-input';
import { Form } from '../../../components/form/form';
import { InlineMessage, useInlineMessage } from '../../../components/form/inline-message';
import { SubmitButton } from '../../../components/form/submit-button';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { messageOf } from '../../../lib/api-error';
import { AuthHeading } from './auth-heading';

/**
 * An auth page that asks for nothing but an e-mail and sends it (registration, forgotten
 * password): once the server took it, the introduction gives way to the "check your mailbox" note;
 * a refusal shows the server's or the page's text beside the form, one at a time (docs/product.md
 * "Overlays, toasts and dialogs").
 */
export function EmailRequestPage({
  title,
  texts,
  send,
  submit,
  belowEmail,
  afterSent,
}: {
  title: string;
  texts: { intro: string; done: string; failed: string };
  send: (email: string) => Promise<unknown>;
  submit: { label: string; icon: ReactNode };
  /** Links between the field and the button. */
  belowEmail: ReactNode;
  /** The way on, under the note once sent. */
  afterSent?: ReactNode;
}) {
  const [sent, setSent] = useState(false);
  const [message, showMessage] = useInlineMessage();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useSchemaForm(emailOnlySchema, { defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async ({ email }) => {
    showMessage(null);
    try {
      await send(email);
      setSent(true);
    } catch (error) {
      showMessage({ severity: 'error', text: messageOf(error, texts.failed) });
    }
  });

  if (sent) {
    return (
      <>
        <AuthHeading title={title} />
        <Alert color="green" variant="light" role="status" mb="md">
          {texts.done}
        </Alert>
        {afterSent}
      </>
    );
  }
  return (
    <>
      <AuthHeading title={title}>{texts.intro}</AuthHeading>
      <Form onSubmit={onSubmit} aria-label={title}>
        <EmailInput error={errors.email?.message} {...register('email')} />
        {belowEmail}
        <SubmitButton control={control} icon={submit.icon} fullWidth>
          {submit.label}
        </SubmitButton>
        <InlineMessage message={message} />
      </Form>
    </>
  );
}
