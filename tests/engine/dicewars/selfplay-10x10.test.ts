import { seededGames } from "./selfplay";

// One file per map size so that vitest can run the sizes in parallel.
seededGames("10x10", 100, { rounds: 1000, actions: 250_000 });
