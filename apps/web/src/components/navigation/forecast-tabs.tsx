import { IconArrowsDiff, IconChartLine } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { activePageTab, PageTabs, type PageTab } from './page-tabs';

const tabs: PageTab<'forecast' | 'plan-actual'>[] = [
  { key: 'forecast', label: 'Prognose', route: 'index', icon: IconChartLine },
  { key: 'plan-actual', label: 'Plan/Ist', route: 'forecasts-plan-actual', icon: IconArrowsDiff },
];

/**
 * "Prognose" | "Plan/Ist" (docs/web.md "Plan/Ist"): the two views of the plan, each a page of its
 * own feature; the tabs sit here because features never import each other.
 */
export function ForecastTabs({ className }: { className?: string }) {
  const { pathname } = useLocation();
  return (
    <div className={className}>
      <PageTabs label="Ansichten der Prognose" tabs={tabs} active={activePageTab(tabs, pathname)} />
    </div>
  );
}
