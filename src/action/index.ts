/**
 * The action's entry, as the runner starts it (`node dist/action/index.js`). No logic: `runAction`
 * is the one error boundary and sets the exit status through `core.setFailed`.
 */
import { runAction } from './run.js';

await runAction();
