/// <reference lib="dom" />
// The baseline of the web bench: React mounting one element, built by Vite like the app (no JSX, so no
// plugin is needed).
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('app');
if (container) createRoot(container).render(createElement('p', { id: 'blank-ready' }, 'Blank'));
