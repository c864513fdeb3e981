"""sin, cos and atan2 from IEEE-754 double arithmetic alone, for the island generator.

The same seed must give the same island under CPython and in the browser (Pyodide), but
``math.sin`` & co. come from the platform's C library and may differ in the last bit (glibc and
musl do).  These functions use only +, −, ×, ÷ (correctly rounded everywhere), ``math.fsum``
(correctly rounded, CPython's own), Python's ``round``, ``frexp``, ``ldexp`` and ``copysign``, so
every Python gives the same bits for the same arguments.

sin, cos: k = round(x·2/π) and r = x − k·π/2 as a sum hi + lo (π/2 in four parts, the first three
short enough that k times each is exact, added by ``fsum``); k mod 4 picks ±sin r or ±cos r,
each a Taylor polynomial on |r| ≤ π/4.  atan2: signs, zeros and axes as ``math.atan2``;
t = min/max of |x|, |y| plus the division's remainder as a tail; atan t by its Taylor series for
t < 3/16, otherwise atan(c) + atan((t − c)/(1 + t·c)) with c = j/8 the nearest eighth
(|argument| ≤ 1/16); then π/2 − a (|y| > |x|), π − a (x < 0), sign of y.  Series truncation is
below 2^-61 of the result; the last additions are arranged so that their rounding errors are
carried (Dekker's exact products, the rounding error of a sum) into the final rounding.

Measured against mpmath (390,000 arguments each for sin and cos: |x| ≤ 200, |x| ≤ π/4,
next to multiples of π/2 up to the limit, tiny; 230,000 pairs for atan2, all octants and
magnitudes): sin and cos within 0.59 ulp, about 1 % of results not the nearest double; atan2
within 0.53 ulp, about 0.05 % not the nearest.  Only finite arguments, and |x| < 2^20·π/2 for
sin and cos: anything else raises ValueError.
"""

from __future__ import annotations

import math
from math import copysign, factorial, frexp, fsum, ldexp

# π/2 = _P1 + _P2 + _P3 + _P4 within 2^-159.  Derived when this module was written, from π to 80
# decimals as a fractions.Fraction: _P1 is π/2 rounded to 33 significant bits, _P2 the rest
# rounded to 33 bits, _P3 the rest after that rounded to 33 bits (trailing zeros leave 31, 32 and
# 28), _P4 what remains rounded to a double.  For |k| ≤ 2^20, k·_P1, k·_P2, k·_P3 are exact.
_P1 = float.fromhex("0x1.921fb544p+0")
_P2 = float.fromhex("0x1.0b4611a6p-34")
_P3 = float.fromhex("0x1.3198a2ep-69")
_P4 = float.fromhex("0x1.b839a252049c1p-104")
_TWO_OVER_PI = float.fromhex("0x1.45f306dc9c883p-1")  # 2/π rounded to a double
_LIMIT = 1048576.0 * _P1  # a hair under 2^20·π/2, so that |k| ≤ 2^20
_TINY = float.fromhex("0x1p-27")  # below this sin x rounds to x, cos x to 1, atan t to t
_SPLIT = 134217729.0  # 2^27 + 1: splits a double into two halves of at most 26 bits

# π and π/2 as a double plus the rest (the first π/2 part is the double nearest π/2, the second
# the rest rounded, from the same 80 decimals).
_HALF_PI = float.fromhex("0x1.921fb54442d18p+0")
_HALF_PI_LO = float.fromhex("0x1.1a62633145c07p-54")
_PI, _PI_LO = 2.0 * _HALF_PI, 2.0 * _HALF_PI_LO

# atan(j/8) for j = 2 … 8 as a double plus the rest rounded (mpmath, 200 bits; j = 8 is π/4).
_ATAN_EIGHTHS = tuple((float.fromhex(hi), float.fromhex(lo)) for hi, lo in (
    ("0x1.f5b75f92c80ddp-3", "0x1.8ab6e3cf7afbdp-57"),
    ("0x1.6f61941e4def1p-2", "-0x1.c63aae6f6e918p-56"),
    ("0x1.dac670561bb4fp-2", "0x1.a2b7f222f65e2p-56"),
    ("0x1.1e00babdefeb4p-1", "-0x1.928df287a668fp-58"),
    ("0x1.4978fa3269ee1p-1", "0x1.2419a87f2a458p-56"),
    ("0x1.700a7c5784634p-1", "-0x1.8c34d25aadef6p-56"),
    ("0x1.921fb54442d18p-1", "0x1.1a62633145c07p-55"),
))


def _sign(n: int) -> int:
    return -1 if n % 2 else 1


# Taylor coefficients as polynomials in z = r², highest power first, each correctly rounded
# (int / int is).  sin r = r − r³/3! + r³·z·S(z), S(z) = 1/5! − z/7! + … + z^6/17!;
# cos r = 1 − z/2 + z²·C(z), C(z) = 1/4! − z/6! + … + z^7/18!;
# atan u = u + u·z·A(z), A(z) = −1/3 + z/5 − …, to u^23 (|u| < 3/16) or to u^13 (|u| ≤ 1/16).
_SIN = tuple(_sign(n) / factorial(2 * n + 1) for n in range(8, 1, -1))
_COS = tuple(_sign(n) / factorial(2 * n) for n in range(9, 1, -1))
_ATAN_LONG = tuple(_sign(n) / (2 * n + 1) for n in range(11, 0, -1))
_ATAN_SHORT = _ATAN_LONG[-6:]


def _poly(z: float, coefficients: tuple[float, ...]) -> float:
    """Horner's rule, highest coefficient first."""
    p = 0.0
    for c in coefficients:
        p = p * z + c
    return p


def _halves(a: float) -> tuple[float, float]:
    """a = high + low exactly, each of at most 26 significant bits (Veltkamp)."""
    g = _SPLIT * a
    high = g - (g - a)
    return high, a - high


def _product_error(a: float, b: float, p: float) -> float:
    """a·b − p exactly, for p the rounded a·b (Dekker)."""
    ah, at = _halves(a)
    bh, bt = _halves(b)
    return (((ah * bh - p) + ah * bt) + at * bh) + at * bt


# ---- sin, cos -------------------------------------------------------------------------------

def _sin_of(x: float, quarters: int) -> float:
    """sin(x + quarters·π/2) for |x| < 2^20·π/2 (ValueError otherwise, and for nan)."""
    if not abs(x) < _LIMIT:
        raise ValueError(f"exactmath: argument {x!r} outside |x| < 2^20·π/2")
    # x = k·π/2 + r + lo, |r| ≤ π/4 + a little, lo below half an ulp of r
    k = round(x * _TWO_OVER_PI)
    if k:
        terms = (x, -k * _P1, -k * _P2, -k * _P3, -k * _P4)
        r = fsum(terms)
        lo = fsum((*terms, -r))
    else:
        r, lo = x, 0.0
    n = (k + quarters) & 3
    z = r * r
    g = _SPLIT * r  # r = rh + rt, halves of at most 26 bits (Veltkamp)
    rh = g - (g - r)
    rt = r - rh
    z_lo = ((rh * rh - z) + 2.0 * rh * rt) + rt * rt  # r·r = z + z_lo exactly (Dekker)
    if n & 1:  # ±cos(r + lo) = ±(cos r − lo·sin r); lo·r is enough for the second term
        half = 0.5 * z
        w = 1.0 - half  # in [0.69, 1]: 1 − w is exact, (1 − w) − half is w's rounding error
        v = w + ((((1.0 - w) - half) - 0.5 * z_lo) + (z * z * _poly(z, _COS) - r * lo))
    else:  # ±sin(r + lo) = ±(sin r + lo·cos r); lo·(1 − z/2) is enough for the second term
        c = r * z  # r³ ≈ c + r·z_lo;  sin r = r − c/8 − c/24 + c·z·(1/5! − …)
        eighth = 0.125 * c
        s = r - eighth  # (r − s) − eighth is s's rounding error, exactly
        v = s + ((((r - s) - eighth) - (c / 24.0 + r * z_lo / 6.0))
                 + (c * z * _poly(z, _SIN) + lo * (1.0 - 0.5 * z)))
    return -v if n & 2 else v


def sin(x: float) -> float:
    """sin x for finite |x| < 2^20·π/2 (ValueError otherwise)."""
    return x if abs(x) < _TINY else _sin_of(x, 0)


def cos(x: float) -> float:
    """cos x for finite |x| < 2^20·π/2 (ValueError otherwise)."""
    return 1.0 if abs(x) < _TINY else _sin_of(x, 1)


# ---- atan2 ----------------------------------------------------------------------------------

def _atan_rest(u: float, lo: float, coefficients: tuple[float, ...]) -> float:
    """atan(u + lo) − u, for small |u| and lo much smaller."""
    z = u * u
    return lo + u * z * _poly(z, coefficients)


def _atan_ratio(n: float, d: float) -> tuple[float, float]:
    """atan(n/d) = hi + lo (unrounded, lo the smaller) for 0 < n ≤ d: in [0, π/4]."""
    t = n / d
    if t < _TINY:
        return t, 0.0
    e = frexp(d)[1]
    n, d = ldexp(n, -e), ldexp(d, -e)  # exact: d in [1/2, 1), n ≥ 2^-28
    p = t * d
    tail = ((n - p) - _product_error(t, d, p)) / d  # n − t·d is exact: n/d = t + tail
    if t < 0.1875:
        return t, _atan_rest(t, tail / (1.0 + t * t), _ATAN_LONG)
    # atan(t + tail) = atan c + atan u, u = (t + tail − c) / (1 + (t + tail)·c), for c = j/8
    j = round(8.0 * t)  # 2 … 8
    c = 0.125 * j  # t − c is exact (c/2 ≤ t ≤ 2c), |t − c| ≤ 1/16
    tc = t * c
    den = 1.0 + tc  # the denominator is den + den_lo,
    den_lo = (((1.0 - den) + tc) + _product_error(t, c, tc)) + tail * c
    u = (t - c) / den  # the quotient u + u_lo:
    q = u * den
    u_lo = ((((t - c) - q) - _product_error(u, den, q)) + tail - u * den_lo) / den
    hi, lo = _ATAN_EIGHTHS[j - 2]
    s = hi + u  # |u| < hi: (hi − s) + u is the rounding error of s, exactly
    return s, (((hi - s) + u) + lo) + _atan_rest(u, u_lo / (1.0 + u * u), _ATAN_SHORT)


def atan2(y: float, x: float) -> float:
    """The angle of (x, y) in [−π, π] for finite x and y (ValueError otherwise), with
    math.atan2's signs and values on the axes."""
    if not (math.isfinite(x) and math.isfinite(y)):
        raise ValueError(f"exactmath: atan2 of {y!r}, {x!r} (finite arguments only)")
    if y == 0.0:
        return copysign(0.0 if copysign(1.0, x) > 0 else _PI, y)
    if x == 0.0:
        return copysign(_HALF_PI, y)
    ax, ay = abs(x), abs(y)
    if ay > ax:  # π/2 − atan(|x|/|y|), or π/2 + it for x < 0
        hi, lo = _atan_ratio(ax, ay)
        base, base_lo = _HALF_PI, _HALF_PI_LO
        if x > 0:
            hi, lo = -hi, -lo
    else:  # atan(|y|/|x|), or π − it for x < 0
        hi, lo = _atan_ratio(ay, ax)
        if x > 0:
            return copysign(hi + lo, y)
        base, base_lo, hi, lo = _PI, _PI_LO, -hi, -lo
    s = base + hi  # |hi| ≤ base/2: (base − s) + hi is the rounding error of s, exactly
    return copysign(s + (((base - s) + hi) + (base_lo + lo)), y)
