import { Anchor, List } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes';
import { forecastTexts as texts } from './forecast-texts';
import { FirstUse } from '../../../components/feedback/first-use';

/**
 * A new organisation's forecast (docs/web.md "Prognose": an empty table helped nobody): what to
 * enter first.
 */
export function ForecastEmptyState() {
  return (
    <FirstUse title={texts.emptyTitle} text={texts.emptyText}>
      <List type="ordered" size="sm" spacing={4} ta="left">
        <List.Item>
          <Anchor component={Link} to={pathTo('bank-accounts')}>
            {texts.emptyBankAccounts}
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={pathTo('transactions')}>
            {texts.emptyTransactions}
          </Anchor>
        </List.Item>
        <List.Item>
          <Anchor component={Link} to={pathTo('employees')}>
            {texts.emptyEmployees}
          </Anchor>
        </List.Item>
      </List>
    </FirstUse>
  );
}
