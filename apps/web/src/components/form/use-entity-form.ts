import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldPath, type FieldValues, type Resolver } from 'react-hook-form';
import type { DialogControls } from '../../lib/dialog';
import { useRemoteChange, type ChangeCollection } from '../../lib/remote-changes';
import { showToast } from '../../lib/toast';
import { confirmDestructive } from '../../lib/user-action';
import { dialogTexts } from './dialog-texts';
import { changesOf, refusedSave } from './entity-changes';
import { useInlineMessage } from './inline-message';

/** What an entity dialog does: a new item, the stored one changed, or a new one filled from it. */
export type EntityMode = 'create' | 'edit' | 'clone';

export interface EntityFormOptions<Values extends FieldValues, Request extends FieldValues, Saved> {
  /** The dialog the form lives in (from `openDialog`): closed with the saved item, null once deleted. */
  dialog: DialogControls<Saved | null>;
  mode: EntityMode;
  /** The dialog's title per mode ("Neues … anlegen", "… bearbeiten", "… klonen"). */
  titles: Partial<Record<EntityMode, string>>;
  /** The shared schema (`schemaResolver`), or a resolver that adds the rules across fields. */
  resolver: Resolver<Values, unknown, Request>;
  defaultValues: DefaultValues<NoInfer<Values>>;
  /** edit: the request the stored item stands for; the PATCH sends what differs (`changesOf`). */
  stored?: Partial<Request>;
  save: {
    create?: (request: Request) => Promise<Saved>;
    /** The changed fields, and the whole request for a call that takes it whole. */
    update?: (changes: Partial<Request>, request: Request) => Promise<Saved>;
  };
  /** The success toast's text. */
  saved: (saved: Saved, mode: EntityMode) => string;
  /** The alert's title when saving failed: creating (also a clone) and updating. */
  failed: { create?: string; update?: string };
  /** The delete of an edited item: asked first, then a toast, then the dialog closes with null. */
  remove?: { label: string; question: string; run: () => Promise<unknown>; deleted: string; failed: string };
  /** Save only once changed; default: except a clone, which may be saved as it was filled. */
  requireChange?: boolean;
  /**
   * edit: the item as the realtime stream names it (area and row id); when another member changes
   * it while the dialog is open, the dialog says so and keeps the input (docs/web.md "Realtime").
   */
  live?: { collection: ChangeCollection; id: number } | undefined;
}

/**
 * The entity dialog's form (docs/web.md "Forms and dialogs"): checked by the shared schema (a
 * message once a field was left), saved by create or by the true partial PATCH, the server's field
 * messages under the fields, the success toast, the delete flow, the dialog told whether its
 * input changed, so leaving it asks first, and the notice when another member changed the item.
 * `EntityForm` draws it.
 */
export function useEntityForm<Values extends FieldValues, Request extends FieldValues, Saved>(
  options: EntityFormOptions<Values, Request, Saved>,
) {
  const { dialog, mode, save, stored, failed, remove } = options;
  const [message, showMessage] = useInlineMessage();
  const form = useForm<Values, unknown, Request>({
    resolver: options.resolver,
    mode: 'onTouched',
    defaultValues: options.defaultValues as DefaultValues<Values>,
  });
  const { isDirty } = form.formState;
  useDialogDirty(dialog, isDirty);
  const remoteChange = useRemoteChange(mode === 'edit' ? options.live : undefined);

  const fail = (error: unknown, text: string) => {
    const refused = refusedSave(error, Object.keys(form.getValues()));
    for (const [field, fieldMessage] of refused.fields) {
      form.setError(field as FieldPath<Values>, { message: fieldMessage });
    }
    showMessage({ severity: 'error', text, detail: refused.detail });
  };

  const submit = form.handleSubmit(async (request) => {
    showMessage(null);
    try {
      const saved =
        mode === 'edit'
          ? await required(save.update)(changesOf(stored ?? {}, request), request)
          : await required(save.create)(request);
      showToast({ severity: 'success', summary: dialogTexts.success, detail: options.saved(saved, mode) });
      dialog.close(saved);
    } catch (error) {
      fail(error, (mode === 'edit' ? failed.update : failed.create) ?? '');
    }
  });

  const deleteStored =
    remove && mode === 'edit'
      ? async () => {
          if (!(await confirmDestructive({ header: dialogTexts.delete, message: remove.question }))) return;
          try {
            await remove.run();
          } catch (error) {
            fail(error, remove.failed);
            return;
          }
          showToast({ severity: 'success', summary: dialogTexts.success, detail: remove.deleted });
          dialog.close(null);
        }
      : undefined;

  return {
    form,
    mode,
    title: options.titles[mode] ?? '',
    submit,
    message,
    remoteChange,
    dismiss: dialog.dismiss,
    remove: deleteStored && remove ? { label: remove.label, onClick: () => void deleteStored() } : undefined,
    requireChange: options.requireChange ?? mode !== 'clone',
  };
}

export type EntityForm<Values extends FieldValues, Request extends FieldValues> = ReturnType<
  typeof useEntityForm<Values, Request, unknown>
>;

/** Tells the dialog whether its input changed (a dialog without a form: presets, copying costs). */
export function useDialogDirty(dialog: Pick<DialogControls<unknown>, 'setDirty'>, dirty: boolean): void {
  const { setDirty } = dialog;
  useEffect(() => setDirty(dirty), [setDirty, dirty]);
}

function required<Call>(call: Call | undefined): Call {
  if (call === undefined) throw new Error('This dialog cannot save in this mode');
  return call;
}
