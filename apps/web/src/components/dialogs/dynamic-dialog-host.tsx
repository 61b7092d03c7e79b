import { dialogStore, removeDialog } from '../../lib/dialog';
import { useStore } from '../../lib/store';
import { AppDialog } from './app-dialog';

/**
 * The dynamic dialog host (docs/product.md "Application shell"): every form dialog the app opens with `openDialog`; not
 * draggable, 90vw on screens up to 639 px. Stacked dialogs: only the top one reacts to Escape. Escape,
 * the close button and a mask click leave a dialog; one whose input changed asks first
 * (docs/web.md "Forms and dialogs").
 */
export function DynamicDialogHost() {
  const dialogs = useStore(dialogStore);
  const topKey = dialogs.findLast((dialog) => !dialog.closing)?.key;
  return (
    <>
      {dialogs.map((dialog) => (
        <AppDialog
          key={dialog.key}
          opened={!dialog.closing}
          onClose={() => dialog.close()}
          dirty={dialog.dirty}
          dismissableMask
          onExitTransitionEnd={() => removeDialog(dialog.key)}
          header={dialog.header}
          size={dialog.size}
          draggable={false}
          closeOnEscape={dialog.key === topKey}
        >
          {dialog.content(dialog)}
        </AppDialog>
      ))}
    </>
  );
}
