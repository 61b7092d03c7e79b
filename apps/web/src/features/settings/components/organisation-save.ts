import { useQueryClient } from '@tanstack/react-query';
import type { Organisation, OrganisationUpdate } from '@saldopilot/shared';
import { useInlineMessage } from '../../../components/form/inline-message';
import { ApiError } from '../../../lib/api-error';
import { updateOrganisation } from '../api/update-organisation';

/**
 * The save of an organisation's setting form (Mindestliquidität, the match settings): PATCH the
 * changes, keep the answer as the page's organisation, let what depends on it load again, and say
 * how it went below the form. Answers the form's message and the save.
 */
export function useOrganisationSave(
  organisation: Organisation,
  queryKey: readonly unknown[],
  texts: { saved: string; failed: string; reload: () => Promise<void> },
) {
  const queryClient = useQueryClient();
  const [message, showMessage] = useInlineMessage();
  const save = async (changes: OrganisationUpdate, reset: (updated: Organisation) => void) => {
    try {
      const updated = await updateOrganisation(organisation.id, changes);
      queryClient.setQueryData(queryKey, updated);
      await texts.reload();
      reset(updated);
      showMessage({ severity: 'success', text: texts.saved });
    } catch (error) {
      showMessage({
        severity: 'error',
        text: texts.failed,
        detail: error instanceof ApiError ? error.message : undefined,
      });
    }
  };
  return [message, save] as const;
}
