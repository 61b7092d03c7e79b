import type { ReactNode } from 'react';
import type { ButtonProps } from '@mantine/core';
import { IconCopy, IconDeviceFloppy } from '@tabler/icons-react';
import type { Control, FieldValues } from 'react-hook-form';
import { DialogFooter } from './dialog-footer';
import { dialogTexts } from './dialog-texts';
import { Form } from './form';
import { RemoteChangeNotice } from './remote-change-notice';
import { SubmitButton } from './submit-button';
import type { EntityForm as EntityFormState } from './use-entity-form';

/**
 * The entity dialog's body (docs/web.md "Forms and dialogs"): the form named by the dialog's
 * title, the notice of another member's change (docs/web.md "Realtime"), the feature's fields, and the one footer — delete (edit only), "Abbrechen" (asks first
 * when the input changed), and the save button: "Speichern", or "Klonen" for a clone, enabled once
 * valid and changed (a clone as filled).
 */
export function EntityForm<Values extends FieldValues, Request extends FieldValues>({
  entity,
  submit,
  children,
}: {
  entity: EntityFormState<Values, Request>;
  /** Another action than saving ("Einladen", "Übertragen und löschen"). */
  submit?: { label: string; icon: ReactNode; color?: ButtonProps['color'] };
  children: ReactNode;
}) {
  const clone = entity.mode === 'clone';
  const action: NonNullable<typeof submit> = submit ?? {
    label: clone ? dialogTexts.clone : dialogTexts.save,
    icon: clone ? <IconCopy size={18} aria-hidden /> : <IconDeviceFloppy size={18} aria-hidden />,
  };
  return (
    <Form onSubmit={entity.submit} aria-label={entity.title}>
      <RemoteChangeNotice change={entity.remoteChange} />
      {children}
      <DialogFooter remove={entity.remove} onCancel={entity.dismiss} message={entity.message}>
        <SubmitButton
          control={entity.form.control as unknown as Control<FieldValues>}
          requireChange={entity.requireChange}
          icon={action.icon}
          color={action.color}
        >
          {action.label}
        </SubmitButton>
      </DialogFooter>
    </Form>
  );
}
