import { runBundle } from './run-bundle';

runBundle(4);
