/**
 * Adaptive Gauss–Kronrod integration as QUADPACK does it (Piessens et al.), the routines
 * behind scipy.integrate.quad: QAGSE (21-point rule on a finite interval) and QAGIE
 * (15-point rule after mapping an infinite range onto (0, 1]), both with Wynn's epsilon
 * extrapolation. Gaia integrates a continuous model against measurement noise with
 * quad(f, low, high, limit=100); the same steps in the same order give the same double.
 */
import { roundedPow } from './roundedElementary.ts';

const EPMACH = 2.220446049250313e-16;
const UFLOW = 2.2250738585072014e-308;
const OFLOW = Number.MAX_VALUE;

// 21-point Kronrod rule and its embedded 10-point Gauss rule.
const XGK21 = [
  0.9956571630258081, 0.9739065285171717, 0.9301574913557082, 0.8650633666889845, 0.7808177265864169, 0.6794095682990244, 0.5627571346686047, 0.4333953941292472, 0.2943928627014602,
  0.14887433898163122, 0.0,
];
const WGK21 = [
  0.011694638867371874, 0.032558162307964725, 0.054755896574351995, 0.07503967481091996, 0.0931254545836976, 0.10938715880229764, 0.12349197626206584, 0.13470921731147334, 0.14277593857706009,
  0.14773910490133849, 0.1494455540029169,
];
const WG10 = [0.06667134430868814, 0.1494513491505806, 0.21908636251598204, 0.26926671930999635, 0.29552422471475287];

// 15-point Kronrod rule and its embedded 7-point Gauss rule (zeros at the Kronrod-only nodes).
const XGK15 = [0.9914553711208126, 0.9491079123427585, 0.8648644233597691, 0.7415311855993945, 0.5860872354676911, 0.4058451513773972, 0.20778495500789848, 0.0];
const WGK15 = [0.022935322010529224, 0.06309209262997856, 0.10479001032225019, 0.14065325971552592, 0.1690047266392679, 0.19035057806478542, 0.20443294007529889, 0.20948214108472782];
const WG7 = [0.0, 0.1294849661688697, 0.0, 0.27970539148927664, 0.0, 0.3818300505051189, 0.0, 0.4179591836734694];

interface RuleResult {
  result: number;
  abserr: number;
  resabs: number;
  resasc: number;
}

/** The error estimate both rules finish with. */
function finishError(resk: number, resg: number, hlgth: number, resabs: number, resasc: number, cap: number): number {
  let abserr = Math.abs((resk - resg) * hlgth);
  if (resasc !== 0.0 && abserr !== 0.0) abserr = resasc * Math.min(cap, roundedPow((200.0 * abserr) / resasc, 1.5));
  if (resabs > UFLOW / (50.0 * EPMACH)) abserr = Math.max(EPMACH * 50.0 * resabs, abserr);
  return abserr;
}

function qk21(f: (x: number) => number, a: number, b: number): RuleResult {
  const centr = 0.5 * (a + b);
  const hlgth = 0.5 * (b - a);
  const dhlgth = Math.abs(hlgth);
  const fv1: number[] = new Array(10).fill(0);
  const fv2: number[] = new Array(10).fill(0);
  let resg = 0.0;
  const fc = f(centr);
  let resk = WGK21[10]! * fc;
  let resabs = Math.abs(resk);
  for (let j = 1; j <= 5; j++) {
    const jtw = 2 * j;
    const absc = hlgth * XGK21[jtw - 1]!;
    const fval1 = f(centr - absc);
    const fval2 = f(centr + absc);
    fv1[jtw - 1] = fval1;
    fv2[jtw - 1] = fval2;
    const fsum = fval1 + fval2;
    resg += WG10[j - 1]! * fsum;
    resk += WGK21[jtw - 1]! * fsum;
    resabs += WGK21[jtw - 1]! * (Math.abs(fval1) + Math.abs(fval2));
  }
  for (let j = 1; j <= 5; j++) {
    const jtwm1 = 2 * j - 1;
    const absc = hlgth * XGK21[jtwm1 - 1]!;
    const fval1 = f(centr - absc);
    const fval2 = f(centr + absc);
    fv1[jtwm1 - 1] = fval1;
    fv2[jtwm1 - 1] = fval2;
    const fsum = fval1 + fval2;
    resk += WGK21[jtwm1 - 1]! * fsum;
    resabs += WGK21[jtwm1 - 1]! * (Math.abs(fval1) + Math.abs(fval2));
  }
  const reskh = resk * 0.5;
  let resasc = WGK21[10]! * Math.abs(fc - reskh);
  for (let j = 1; j <= 10; j++) resasc += WGK21[j - 1]! * (Math.abs(fv1[j - 1]! - reskh) + Math.abs(fv2[j - 1]! - reskh));
  const result = resk * hlgth;
  resabs *= dhlgth;
  resasc *= dhlgth;
  return { result, abserr: finishError(resk, resg, hlgth, resabs, resasc, 1.0), resabs, resasc };
}

/** The 15-point rule on (a, b] ⊂ (0, 1], for the range mapped by x = bound + sign·(1 − t)/t. */
function qk15i(f: (x: number) => number, boun: number, inf: number, a: number, b: number): RuleResult {
  const dinf = Math.min(1, inf);
  const centr = 0.5 * (a + b);
  const hlgth = 0.5 * (b - a);
  const tabsc1 = boun + (dinf * (1.0 - centr)) / centr;
  let fval1 = f(tabsc1);
  if (inf === 2) fval1 += f(-tabsc1);
  const fc = fval1 / centr / centr;
  let resg = WG7[7]! * fc;
  let resk = WGK15[7]! * fc;
  let resabs = Math.abs(resk);
  const fv1: number[] = new Array(7).fill(0);
  const fv2: number[] = new Array(7).fill(0);
  for (let j = 1; j <= 7; j++) {
    const absc = hlgth * XGK15[j - 1]!;
    const absc1 = centr - absc;
    const absc2 = centr + absc;
    const t1 = boun + (dinf * (1.0 - absc1)) / absc1;
    const t2 = boun + (dinf * (1.0 - absc2)) / absc2;
    let v1 = f(t1);
    let v2 = f(t2);
    if (inf === 2) {
      v1 += f(-t1);
      v2 += f(-t2);
    }
    v1 = v1 / absc1 / absc1;
    v2 = v2 / absc2 / absc2;
    fv1[j - 1] = v1;
    fv2[j - 1] = v2;
    const fsum = v1 + v2;
    resg += WG7[j - 1]! * fsum;
    resk += WGK15[j - 1]! * fsum;
    resabs += WGK15[j - 1]! * (Math.abs(v1) + Math.abs(v2));
  }
  const reskh = resk * 0.5;
  let resasc = WGK15[7]! * Math.abs(fc - reskh);
  for (let j = 1; j <= 7; j++) resasc += WGK15[j - 1]! * (Math.abs(fv1[j - 1]! - reskh) + Math.abs(fv2[j - 1]! - reskh));
  const result = resk * hlgth;
  resasc *= hlgth;
  resabs *= hlgth;
  return { result, abserr: finishError(resk, resg, hlgth, resabs, resasc, 1.0), resabs, resasc };
}

/** Wynn's epsilon algorithm over the table of successive area estimates (QUADPACK's QELG). */
class Epsilon {
  readonly table: number[] = new Array(52).fill(0);
  readonly last3: number[] = [0, 0, 0];
  n = 0;
  calls = 0;

  extrapolate(): { result: number; abserr: number } {
    const epstab = this.table;
    this.calls++;
    let abserr = OFLOW;
    let result = epstab[this.n - 1]!;
    if (this.n < 3) return { result, abserr: Math.max(abserr, 5.0 * EPMACH * Math.abs(result)) };
    const limexp = 50;
    epstab[this.n + 1] = epstab[this.n - 1]!;
    const newelm = (this.n - 1) >> 1;
    epstab[this.n - 1] = OFLOW;
    const num = this.n;
    let k1 = this.n;
    let converged = false;
    for (let i = 1; i <= newelm; i++) {
      const k2 = k1 - 1;
      const k3 = k1 - 2;
      let res = epstab[k1 + 1]!;
      const e0 = epstab[k3 - 1]!;
      const e1 = epstab[k2 - 1]!;
      const e2 = res;
      const e1abs = Math.abs(e1);
      const delta2 = e2 - e1;
      const err2 = Math.abs(delta2);
      const tol2 = Math.max(Math.abs(e2), e1abs) * EPMACH;
      const delta3 = e1 - e0;
      const err3 = Math.abs(delta3);
      const tol3 = Math.max(e1abs, Math.abs(e0)) * EPMACH;
      if (err2 <= tol2 && err3 <= tol3) {
        // e0, e1 and e2 agree to machine accuracy: converged.
        result = res;
        abserr = err2 + err3;
        converged = true;
        break;
      }
      const e3 = epstab[k1 - 1]!;
      epstab[k1 - 1] = e1;
      const delta1 = e1 - e3;
      const err1 = Math.abs(delta1);
      const tol1 = Math.max(e1abs, Math.abs(e3)) * EPMACH;
      if (err1 <= tol1 || err2 <= tol2 || err3 <= tol3) {
        this.n = i + i - 1;
        break;
      }
      const ss = 1.0 / delta1 + 1.0 / delta2 - 1.0 / delta3;
      const epsinf = Math.abs(ss * e1);
      if (epsinf <= 1e-4) {
        this.n = i + i - 1;
        break;
      }
      res = e1 + 1.0 / ss;
      epstab[k1 - 1] = res;
      k1 -= 2;
      const error = err2 + Math.abs(res - e2) + err3;
      if (error <= abserr) {
        abserr = error;
        result = res;
      }
    }
    if (converged) return { result, abserr: Math.max(abserr, 5.0 * EPMACH * Math.abs(result)) };
    if (this.n === limexp) this.n = 2 * (limexp >> 1) - 1;
    let ib = num % 2 === 0 ? 2 : 1;
    const ie = newelm + 1;
    for (let i = 1; i <= ie; i++) {
      const ib2 = ib + 2;
      epstab[ib - 1] = epstab[ib2 - 1]!;
      ib = ib2;
    }
    if (num !== this.n) {
      let indx = num - this.n + 1;
      for (let i = 1; i <= this.n; i++) {
        epstab[i - 1] = epstab[indx - 1]!;
        indx++;
      }
    }
    const r3 = this.last3;
    if (this.calls >= 4) {
      abserr = Math.abs(result - r3[2]!) + Math.abs(result - r3[1]!) + Math.abs(result - r3[0]!);
      r3[0] = r3[1]!;
      r3[1] = r3[2]!;
      r3[2] = result;
    } else {
      r3[this.calls - 1] = result;
      abserr = OFLOW;
    }
    return { result, abserr: Math.max(abserr, 5.0 * EPMACH * Math.abs(result)) };
  }
}

/** QUADPACK's QPSRT: keeps the subintervals ordered by error, returns the next to bisect. */
function qpsrt(limit: number, last: number, st: { maxerr: number; errmax: number; nrmax: number }, elist: number[], iord: number[]): void {
  if (last <= 2) {
    iord[0] = 1;
    iord[1] = 2;
  } else {
    const errmax = elist[st.maxerr - 1]!;
    if (st.nrmax !== 1) {
      const ido = st.nrmax - 1;
      for (let i = 1; i <= ido; i++) {
        const isucc = iord[st.nrmax - 2]!;
        if (errmax <= elist[isucc - 1]!) break;
        iord[st.nrmax - 1] = isucc;
        st.nrmax--;
      }
    }
    const jupbn = last > (limit >> 1) + 2 ? limit + 3 - last : last;
    const errmin = elist[last - 1]!;
    const jbnd = jupbn - 1;
    const ibeg = st.nrmax + 1;
    let placed = false;
    for (let i = ibeg; i <= jbnd && !placed; i++) {
      const isucc = iord[i - 1]!;
      if (errmax >= elist[isucc - 1]!) {
        iord[i - 2] = st.maxerr;
        let k = jbnd;
        let inserted = false;
        for (let j = i; j <= jbnd; j++) {
          const s = iord[k - 1]!;
          if (errmin < elist[s - 1]!) {
            iord[k] = last;
            inserted = true;
            break;
          }
          iord[k] = s;
          k--;
        }
        if (!inserted) iord[i - 1] = last;
        placed = true;
      } else iord[i - 2] = isucc;
    }
    if (!placed) {
      iord[jbnd - 1] = st.maxerr;
      iord[jupbn - 1] = last;
    }
  }
  st.maxerr = iord[st.nrmax - 1]!;
  st.errmax = elist[st.maxerr - 1]!;
}

/**
 * The adaptive driver QAGSE and QAGIE share: bisect the interval with the largest error,
 * extrapolate when the smallest intervals dominate, stop at the tolerance or the limit.
 */
function adaptive(rule: (a: number, b: number) => RuleResult, a: number, b: number, epsabs: number, epsrel: number, limit: number): number {
  const alist: number[] = new Array(limit).fill(0);
  const blist: number[] = new Array(limit).fill(0);
  const rlist: number[] = new Array(limit).fill(0);
  const elist: number[] = new Array(limit).fill(0);
  const iord: number[] = new Array(limit).fill(0);
  alist[0] = a;
  blist[0] = b;
  let ier = 0;
  const first = rule(a, b);
  let result = first.result;
  let abserr = first.abserr;
  const defabs = first.resabs;
  const dres = Math.abs(result);
  let errbnd = Math.max(epsabs, epsrel * dres);
  rlist[0] = result;
  elist[0] = abserr;
  iord[0] = 1;
  if (abserr <= 100.0 * EPMACH * defabs && abserr > errbnd) ier = 2;
  if (limit === 1) ier = 1;
  if (ier !== 0 || (abserr <= errbnd && abserr !== first.resasc) || abserr === 0.0) return result;

  const eps = new Epsilon();
  eps.table[0] = result;
  const st = { maxerr: 1, errmax: abserr, nrmax: 1 };
  let area = result;
  let errsum = abserr;
  abserr = OFLOW;
  eps.n = 2;
  let ktmin = 0;
  let extrap = false;
  let noext = false;
  let ierro = 0;
  let iroff1 = 0;
  let iroff2 = 0;
  let iroff3 = 0;
  const ksgn = dres >= (1.0 - 50.0 * EPMACH) * defabs ? 1 : -1;
  let small = 0;
  let erlarg = 0;
  let ertest = 0;
  let correc = 0;
  let last = 1;
  const sumAll = (): number => {
    let s = 0.0;
    for (let k = 0; k < last; k++) s += rlist[k]!;
    return s;
  };

  for (last = 2; last <= limit; last++) {
    const a1 = alist[st.maxerr - 1]!;
    const b1 = 0.5 * (alist[st.maxerr - 1]! + blist[st.maxerr - 1]!);
    const a2 = b1;
    const b2 = blist[st.maxerr - 1]!;
    const erlast = st.errmax;
    const r1 = rule(a1, b1);
    const r2 = rule(a2, b2);
    const area12 = r1.result + r2.result;
    const erro12 = r1.abserr + r2.abserr;
    errsum = errsum + erro12 - st.errmax;
    area = area + area12 - rlist[st.maxerr - 1]!;
    if (r1.resasc !== r1.abserr && r2.resasc !== r2.abserr) {
      if (Math.abs(rlist[st.maxerr - 1]! - area12) <= 1e-5 * Math.abs(area12) && erro12 >= 0.99 * st.errmax) {
        if (extrap) iroff2++;
        else iroff1++;
      }
      if (last > 10 && erro12 > st.errmax) iroff3++;
    }
    rlist[st.maxerr - 1] = r1.result;
    rlist[last - 1] = r2.result;
    errbnd = Math.max(epsabs, epsrel * Math.abs(area));
    if (iroff1 + iroff2 >= 10 || iroff3 >= 20) ier = 2;
    if (iroff2 >= 5) ierro = 3;
    if (last === limit) ier = 1;
    if (Math.max(Math.abs(a1), Math.abs(b2)) <= (1.0 + 100.0 * EPMACH) * (Math.abs(a2) + 1000.0 * UFLOW)) ier = 4;
    if (r2.abserr > r1.abserr) {
      alist[st.maxerr - 1] = a2;
      alist[last - 1] = a1;
      blist[last - 1] = b1;
      rlist[st.maxerr - 1] = r2.result;
      rlist[last - 1] = r1.result;
      elist[st.maxerr - 1] = r2.abserr;
      elist[last - 1] = r1.abserr;
    } else {
      alist[last - 1] = a2;
      blist[st.maxerr - 1] = b1;
      blist[last - 1] = b2;
      elist[st.maxerr - 1] = r1.abserr;
      elist[last - 1] = r2.abserr;
    }
    qpsrt(limit, last, st, elist, iord);
    if (errsum <= errbnd) return sumAll();
    if (ier !== 0) break;
    if (last === 2) {
      small = Math.abs(b - a) * 0.375;
      erlarg = errsum;
      ertest = errbnd;
      eps.table[1] = area;
      continue;
    }
    if (noext) continue;
    erlarg -= erlast;
    if (Math.abs(b1 - a1) > small) erlarg += erro12;
    if (!extrap) {
      if (Math.abs(blist[st.maxerr - 1]! - alist[st.maxerr - 1]!) > small) continue;
      extrap = true;
      st.nrmax = 2;
    }
    let skip = false;
    if (ierro !== 3 && erlarg > ertest) {
      const id = st.nrmax;
      const jupbnd = last > 2 + (limit >> 1) ? limit + 3 - last : last;
      for (let k = id; k <= jupbnd; k++) {
        st.maxerr = iord[st.nrmax - 1]!;
        st.errmax = elist[st.maxerr - 1]!;
        if (Math.abs(blist[st.maxerr - 1]! - alist[st.maxerr - 1]!) > small) {
          skip = true;
          break;
        }
        st.nrmax++;
      }
    }
    if (skip) continue;
    eps.n++;
    eps.table[eps.n - 1] = area;
    const x = eps.extrapolate();
    ktmin++;
    if (ktmin > 5 && abserr < 1e-3 * errsum) ier = 5;
    if (x.abserr < abserr) {
      ktmin = 0;
      abserr = x.abserr;
      result = x.result;
      correc = erlarg;
      ertest = Math.max(epsabs, epsrel * Math.abs(x.result));
      if (abserr <= ertest) break;
    }
    if (eps.n === 1) noext = true;
    if (ier === 5) break;
    st.maxerr = iord[0]!;
    st.errmax = elist[st.maxerr - 1]!;
    st.nrmax = 1;
    extrap = false;
    small *= 0.5;
    erlarg = errsum;
  }
  if (last > limit) last = limit;

  if (abserr === OFLOW) return sumAll();
  if (ier + ierro !== 0) {
    if (ierro === 3) abserr += correc;
    if (ier === 0) ier = 3;
    if (result !== 0.0 && area !== 0.0) {
      if (abserr / Math.abs(result) > errsum / Math.abs(area)) return sumAll();
    } else {
      if (abserr > errsum) return sumAll();
      if (area === 0.0) return result;
    }
  }
  if (ksgn === -1 && Math.max(Math.abs(result), Math.abs(area)) <= defabs * 0.01) return result;
  return result;
}

const EPS_DEFAULT = 1.49e-8;

/** scipy.integrate.quad(f, low, high, limit) with its default tolerances: the integral's value. */
export function quad(f: (x: number) => number, low: number, high: number, limit = 50): number {
  if (Number.isFinite(low) && Number.isFinite(high)) return adaptive((a, b) => qk21(f, a, b), low, high, EPS_DEFAULT, EPS_DEFAULT, limit);
  let bound: number;
  let inf: number;
  if (!Number.isFinite(low) && !Number.isFinite(high)) {
    bound = 0;
    inf = 2;
  } else if (Number.isFinite(low)) {
    bound = low;
    inf = 1;
  } else {
    bound = high;
    inf = -1;
  }
  const sign = inf === -1 ? -1 : 1;
  return adaptive((a, b) => qk15i(f, bound, sign === -1 ? -1 : inf, a, b), 0.0, 1.0, EPS_DEFAULT, EPS_DEFAULT, limit);
}
