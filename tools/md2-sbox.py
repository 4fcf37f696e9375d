#!/usr/bin/env python3
"""Print MD2's substitution table as C initialisers (for stubs/answers/md2.c).

RFC 1319 says the table is "a random permutation of 0..255 constructed
from the digits of pi"; this derives it that way rather than transcribing
it: a Fisher-Yates shuffle whose random numbers are read off pi's decimal
digits, one, two or three digits at a time for ranges up to 10, 100 and
256, rejecting the values that would bias the result.  The output starts
0x29, 0x2e, 0x43, 0xc9 like RFC 1319's table, and stubs/answers/md2.c checks the
whole against RFC 1319's test vectors (tests/unit/test_client_md2.c).
"""


def pi_digits():
    """Gibbons' unbounded spigot: the decimal digits of pi, 3, 1, 4, ..."""
    q, r, t, k, n, l = 1, 0, 1, 1, 3, 3
    while True:
        if 4 * q + r - t < n * t:
            yield n
            q, r, n = 10 * q, 10 * (r - n * t), (10 * (3 * q + r)) // t - 10 * n
        else:
            q, r, t, k, n, l = (q * k, (2 * q + r) * l, t * l, k + 1,
                                (q * (7 * k + 2) + r * l) // (t * l), l + 2)


def main():
    digits = pi_digits()

    def below(n):
        """A number in [0, n) from the next one to three digits of pi."""
        while True:
            x, span = next(digits), 10
            if n > 10:
                x, span = x * 10 + next(digits), 100
            if n > 100:
                x, span = x * 10 + next(digits), 1000
            if x < span - span % n:
                return x % n

    table = list(range(256))
    for i in range(2, 257):
        j = below(i)
        table[j], table[i - 1] = table[i - 1], table[j]
    for i in range(0, 256, 12):
        print("\t" + ", ".join("0x%02x" % v for v in table[i:i + 12]) + ",")


if __name__ == "__main__":
    main()
