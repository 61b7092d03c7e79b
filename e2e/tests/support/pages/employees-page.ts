import type { Locator, Page } from '@playwright/test';

/** The Mitarbeitende pages (`/employees`, `/employees/:id`): cards, table and an employee's salary history. */

export function employeeCards(page: Page): Locator {
  return page.getByRole('list', { name: 'Mitarbeitende' }).getByRole('listitem');
}

export function employeeCard(page: Page, name: string): Locator {
  return employeeCards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
}

export function employeesTable(page: Page): Locator {
  return page.getByRole('table', { name: 'Mitarbeitende' });
}

/** A card of the employee page's "Lohnverlauf" by its title. */
export function salaryCard(page: Page, title: string): Locator {
  return page
    .getByRole('list', { name: 'Lohnverlauf' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}
