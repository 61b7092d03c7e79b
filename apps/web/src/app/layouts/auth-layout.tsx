import { Anchor, Paper, Stack } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { Wordmark } from '../../components/wordmark';
import { pathTo } from '../../config/routes';
import classes from './auth-layout.module.css';

/**
 * The auth pages and the invitation page: no navigation; the wordmark above a narrow centred column
 * (docs/web.md "Shell").
 */
export function AuthLayout() {
  return (
    <div className={classes.page}>
      <Stack component="main" gap="lg" className={classes.column}>
        <Anchor component={Link} to={pathTo('auth')} underline="never" c="inherit" className={classes.logo}>
          <Wordmark size="2rem" />
        </Anchor>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
          <Outlet />
        </Paper>
      </Stack>
    </div>
  );
}
