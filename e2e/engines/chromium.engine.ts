import { engineSuite } from './scenarios';

engineSuite('chromium');
