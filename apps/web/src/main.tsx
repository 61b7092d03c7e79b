import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useGermanValidationMessages as enableGermanValidationMessages } from '@saldopilot/shared';
import './app/styles.css';
import { App } from './app/app';
import { redirectSignedOutVisitor } from './app/guards';
import { installSessionExpiryHandler } from './app/session-expiry';

// Form messages of zod that the shared schemas do not name themselves read in German too.
enableGermanValidationMessages();
installSessionExpiryHandler();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
void redirectSignedOutVisitor().finally(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
