// The storage benchmark's page: defines window.__warrantDbBench and its siblings for bench/browserBench.ts.
import { installDbBenchProbe } from './dbBenchProbe.ts';

installDbBenchProbe();
