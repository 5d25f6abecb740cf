import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/theme.css';
import './styles/layout.css';
import './styles/header.css';
import './styles/forms.css';
import './styles/match.css';
import './styles/platform.css';
import './styles/accounts.css';
import './styles/solo-queue.css';
import './styles/feedback.css';
import './styles/league-rules.css';
import './styles/phones.css';

const container = document.getElementById('app');
if (!container) throw new Error('index.html must contain <div id="app"></div>');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
