import { render } from 'preact';
import { App } from './App.js';
import { prefetch, sessions } from './api/client.js';
import { firstReads } from './api/prefetch.js';
import { utcDay } from './lib/days.js';
import './styles.css';

sessions.start();
prefetch(firstReads(location.pathname, new URLSearchParams(location.search), utcDay(new Date())));

render(<App />, document.getElementById('app') as HTMLElement);
