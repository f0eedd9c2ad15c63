// The floor page: the floor bundle (floor.tsx) and nothing else.
import { startFloor } from './floor';

startFloor();
