import type { ForecastLeafNode } from '@saldopilot/shared';
import { messageOf } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { runReported } from '../../../lib/user-action';
import { dismissOccurrence, restoreOccurrence } from '../api/dismiss-occurrence';
import { forecastTexts as texts } from './forecast-texts';

type OverdueLeaf = Pick<ForecastLeafNode, 'name' | 'relatedTable' | 'relatedId'> & { overdueDate: string };

/**
 * "Entfällt" on an überfällig cell: the occurrence (its kind, id and due date are the leaf's table,
 * id and overdue date) leaves the forecast; the toast offers "Rückgängig" for a slip of the hand.
 */
export async function dismissOverdue(leaf: OverdueLeaf): Promise<void> {
  const what = texts.overdueWhat(leaf.name, leaf.overdueDate);
  const kind = leaf.relatedTable;
  // A scenario's own rows are never überfällig (docs/scenarios.md "Forecast of a scenario").
  if (kind === 'scenario_levers') return;
  try {
    const dismissal = await dismissOccurrence({
      kind,
      id: leaf.relatedId,
      dueDate: leaf.overdueDate,
    });
    showToast({
      severity: 'success',
      summary: texts.dismissed,
      detail: texts.dismissedDetail(what),
      action: {
        label: texts.undo,
        run: () =>
          void runReported(
            () => restoreOccurrence(dismissal.dismissalId),
            { summary: texts.restored, detail: texts.restoredDetail(what), life: 'medium' },
            texts.restoreFailed,
          ),
      },
    });
  } catch (error) {
    showToast({ severity: 'error', summary: 'Fehler', detail: messageOf(error, texts.dismissFailed) });
  }
}

/** "überfällig seit 30.10.2026": the marker of an overdue row. */
export function overdueMarker(overdueDate: string): string {
  return texts.overdueSince(formatDate(overdueDate));
}
