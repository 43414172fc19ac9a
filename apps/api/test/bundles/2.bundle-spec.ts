import { runBundle } from './run-bundle';

runBundle(2);
