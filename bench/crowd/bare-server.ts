// Child process of bench/crowd/run.ts: the baseline, a bare `ws` server that sends one frame to every
// connected socket on `POST /publish` (bench/lib/bare-ws-server.ts).
import { serveBareWs } from '../lib/bare-ws-server.ts';

serveBareWs();
