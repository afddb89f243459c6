"""Writes test/fixtures/scipy-bayes/reference.json: values of the special functions, log
densities and noise integrals Gaia's bayes module takes from scipy (1.17, run by the Gaia
oracle's Python), for Warrant's TypeScript to equal to the last bit.

    PY=$(cat ~/.cache/gaia-oracle/python) PYTHONPATH=... $PY scripts/scipy-bayes-reference.py
"""

import json
import math
import random

import scipy.special as sc
from gaia.engine.bayes.distributions import (
    Beta, BetaBinomial, Binomial, Cauchy, ChiSquared, Exponential, Gamma, LogNormal, Normal, Poisson, StudentT,
)
from scipy.integrate import quad

rng = random.Random(20261129)
out = {"gammaln": [], "betaln": [], "log1p": [], "log": [], "exp": [], "density": [], "noise_integral": []}
for _ in range(60):
    x = rng.choice([rng.uniform(0.01, 13), rng.uniform(13, 1500), float(rng.randint(1, 400))])
    out["gammaln"].append([x, repr(float(sc.gammaln(x)))])
    a, b = rng.uniform(0.1, 30), rng.choice([rng.uniform(0.1, 30), float(rng.randint(1, 300))])
    out["betaln"].append([a, b, repr(float(sc.betaln(a, b)))])
    y = rng.uniform(-0.9, 4)
    out["log1p"].append([y, repr(float(sc.log1p(y)))])
    z = rng.uniform(1e-3, 1e4)
    out["log"].append([z, repr(math.log(z))])
    w = rng.uniform(-700, 700)
    out["exp"].append([w, repr(math.exp(w))])

FAMILIES = {
    "normal": (Normal, lambda: dict(mu=rng.uniform(-5, 5), sigma=rng.uniform(0.1, 4)), lambda: rng.uniform(-10, 10)),
    "beta": (Beta, lambda: dict(alpha=rng.uniform(0.3, 8), beta=rng.uniform(0.3, 8)), lambda: rng.uniform(0.01, 0.99)),
    "exponential": (Exponential, lambda: dict(rate=rng.uniform(0.1, 4)), lambda: rng.uniform(0.01, 20)),
    "gamma": (Gamma, lambda: dict(alpha=rng.uniform(0.3, 8), rate=rng.uniform(0.1, 4)), lambda: rng.uniform(0.01, 20)),
    "chisquared": (ChiSquared, lambda: dict(df=rng.uniform(0.3, 8)), lambda: rng.uniform(0.01, 20)),
    "cauchy": (Cauchy, lambda: dict(mu=rng.uniform(-5, 5), gamma=rng.uniform(0.1, 4)), lambda: rng.uniform(-10, 10)),
    "studentt": (StudentT, lambda: dict(df=rng.uniform(0.5, 30), mu=rng.uniform(-5, 5), sigma=rng.uniform(0.1, 4)), lambda: rng.uniform(-10, 10)),
    "lognormal": (LogNormal, lambda: dict(mu=rng.uniform(-1, 1), sigma=rng.uniform(0.1, 2)), lambda: rng.uniform(0.01, 20)),
}
for kind, (cls, params, value) in FAMILIES.items():
    for _ in range(12):
        p, v = params(), value()
        out["density"].append([kind, p, v, repr(float(cls(**p).logpdf(v)))])
        sigma = rng.uniform(0.05, 3)
        noise = Normal(mu=0.0, sigma=sigma)
        d = cls(**p)
        low, high = d.support()
        integral, _ = quad(lambda x: math.exp(d.logpdf(x) + noise.logpdf(v - x)), low, high, limit=100)
        out["noise_integral"].append([kind, p, v, sigma, repr(integral)])
for _ in range(15):
    n = rng.randint(1, 400)
    k = rng.randint(0, n)
    p = dict(n=n, p=rng.uniform(0.01, 0.99))
    out["density"].append(["binomial", p, k, repr(float(Binomial(**p).logpmf(k)))])
    q = dict(n=n, alpha=rng.uniform(0.3, 8), beta=rng.uniform(0.3, 8))
    out["density"].append(["betabinomial", q, k, repr(float(BetaBinomial(**q).logpmf(k)))])
    r = dict(rate=rng.uniform(0.1, 40))
    c = rng.randint(0, 60)
    out["density"].append(["poisson", r, c, repr(float(Poisson(**r).logpmf(c)))])

with open("test/fixtures/scipy-bayes/reference.json", "w") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
