import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { pathTo } from '../../../config/routes';
import { forecastTexts as texts } from './forecast-texts';

/**
 * A new organisation's forecast (docs/web.md "Prognose": an empty table helped nobody): what to
 * enter first.
 */
export function ForecastEmptyState() {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="forecast-empty">
      <Stack gap="sm">
        <Title order={2} fz="h3" id="forecast-empty">
          {texts.emptyTitle}
        </Title>
        <Text size="sm">{texts.emptyText}</Text>
        <List type="ordered" size="sm" spacing={4}>
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
      </Stack>
    </Paper>
  );
}
