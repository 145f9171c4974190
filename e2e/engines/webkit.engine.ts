import { engineSuite } from './scenarios';

engineSuite('webkit');
