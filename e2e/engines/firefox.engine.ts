import { engineSuite } from './scenarios';

engineSuite('firefox');
