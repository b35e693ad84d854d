import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/App';
import { createQueryClient } from './api/queryClient';
import { startRenewalSchedule, startSession } from './api/session';
import './styles.css';

// The CSP allows no eval: zod would otherwise probe `new Function` and trip a CSP report.
z.config({ jitless: true });

void startSession().then((canRender) => {
  if (!canRender) return;
  startRenewalSchedule();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App queryClient={createQueryClient()} />
    </StrictMode>,
  );
});
