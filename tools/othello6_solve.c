/* Perfect-play solver for 6x6 Othello, used by tools/make_reversi_book.py to build the
 * opening book (py/insel/ai/reversi_book_data.py).  Not part of the site or of CI.
 *
 *   gcc -O2 -march=native -o /tmp/othello6_solve tools/othello6_solve.c
 *   /tmp/othello6_solve            solve the start: value, best moves, nodes, seconds, a
 *                                  principal variation (6x6 is solved: -4, White wins 20-16)
 *   /tmp/othello6_solve --batch    read "own opp" lines (hex bitboards, side to move first)
 *                                  and print "value squares" per line: the exact value and
 *                                  every square that reaches it (comma-separated; "-" when
 *                                  the side to move must pass)
 *   --wof                          count the empty squares of a game that ended early for
 *                                  the winner (the tournament convention) instead
 *   --log FILE                     checkpoint: read the bounds FILE holds, and append to it
 *                                  every bound found for a position of LOG_EMPTIES or more
 *                                  empties, so an interrupted solve resumes where it stopped
 *                                  and processes solving parts of one tree share results
 *
 * Board as in insel.games.reversi: square i = row * 6 + column is bit i; a1 (bit 0) the
 * top-left corner.  Start: light on c3, d4; dark on d3, c4; dark to move.
 *
 * Value: the final disc difference (own minus opponent) with perfect play by both sides,
 * from the side to move.  By default the empty squares of a game that ends before the board
 * is full count for nobody, as in ReversiState.scores() (our engine's convention and the
 * one of its endgame search).  The published result, 16-20 with the board full, is -4 in
 * the tournament convention (--wof); the book is built in ours, where a line that ends
 * early counts less, and make_reversi_book.py checks that the start is -4 there too.
 *
 * Search: negamax principal variation search (fail-soft) with a transposition table of
 * bounds and best moves.  Move order: the table move; from PROBE_EMPTIES empties on, a
 * shallow alpha-beta over mobility and corners; below, fewest opponent replies (fastest
 * first) and square quality, and within the last PARITY_EMPTIES empties parity (a move
 * into a quadrant with an odd number of empties first).  A child whose table bound
 * refutes the position cuts it off at once (enhanced transposition cutoff).  From
 * CANON_EMPTIES empties on the table is shared by the 8 symmetric images of a position.  The last
 * SHALLOW empties go to a table-free recursion over the empty squares, the last one
 * counted directly.
 *
 * Cost: about 7 million nodes per second of CPU; each of the three positions two plies
 * from the start (30 empties) took 3.5-5.5 minutes (up to 2.4e9 nodes), and with their
 * values in the checkpoint the start (4-fold symmetric) costs next to nothing more.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

#define FULL 0xFFFFFFFFFULL       /* 36 squares */
#define NOT_COL0 0xFBEFBEFBEULL   /* every square but column a */
#define NOT_COL5 0x7DF7DF7DFULL   /* every square but column f */
#define SHALLOW 5
#define PARITY_EMPTIES 12
#define PROBE_EMPTIES 12
#define TT_BITS 22
#define TT_MIN_EMPTIES 7
#define CANON_EMPTIES 18
#define NONE 64
#define LOG_EMPTIES 24
/* the direction loops unrolled, so each shift is a constant (about 1.9x faster) */
#define UNROLLED _Pragma("GCC unroll 8")

/* the 8 directions: shift (positive = towards higher indices) and the squares it may land on */
static const int SHIFT[8] = {1, 5, 6, 7, -1, -5, -6, -7};
static const u64 LAND[8] = {NOT_COL0, NOT_COL5, FULL, NOT_COL0, NOT_COL5, NOT_COL0, FULL, NOT_COL5};

static int wof;          /* --wof: empties of an early end go to the winner */
static u64 nodes;
static int quadrant[36]; /* 3x3 quadrant of each square (for parity) */
static int quality[36];  /* static ordering bonus: corners high, X- and C-squares low */
static int image[8][36], preimage[8][36]; /* the 8 symmetries of the square, inverses */

static inline u64 shift(u64 x, int d) {
    return (SHIFT[d] > 0 ? x << SHIFT[d] : x >> -SHIFT[d]) & LAND[d];
}

/* Bitmask of the empty squares where own brackets opp discs. */
static u64 moves(u64 own, u64 opp) {
    u64 legal = 0;
    UNROLLED for (int d = 0; d < 8; d++) {
        u64 x = shift(own, d) & opp;
        x |= shift(x, d) & opp;
        x |= shift(x, d) & opp;
        x |= shift(x, d) & opp; /* a bracketed line is at most 4 long */
        legal |= shift(x, d);
    }
    return legal & ~(own | opp) & FULL;
}

/* Bitmask of the opp discs a placement of own on sq turns. */
static u64 flips(u64 own, u64 opp, int sq) {
    u64 turned = 0, from = 1ULL << sq;
    UNROLLED for (int d = 0; d < 8; d++) {
        u64 line = shift(from, d) & opp;
        line |= shift(line, d) & opp;
        line |= shift(line, d) & opp;
        line |= shift(line, d) & opp; /* at most 4 discs turn in a line */
        if (shift(line, d) & own) turned |= line;
    }
    return turned;
}

/* Disc difference of an ended game with `empties` empty squares. */
static int final_score(u64 own, u64 opp, int empties) {
    int diff = __builtin_popcountll(own) - __builtin_popcountll(opp);
    if (wof && diff) diff += diff > 0 ? empties : -empties;
    return diff;
}

/* The last empty square sq: whoever can place there does (own first). */
static int last_one(u64 own, u64 opp, int sq) {
    nodes++;
    u64 t = flips(own, opp, sq);
    if (t) return __builtin_popcountll(own | t) + 1 - __builtin_popcountll(opp ^ t);
    t = flips(opp, own, sq);
    if (t) return __builtin_popcountll(own ^ t) - __builtin_popcountll(opp | t) - 1;
    return final_score(own, opp, 1);
}

/* Exact value with the n squares of sq[] empty (n <= SHALLOW), fail-soft in (alpha, beta). */
static int shallow(u64 own, u64 opp, int alpha, int beta, const int *sq, int n, int passed) {
    if (n == 1) return last_one(own, opp, sq[0]);
    nodes++;
    int best = -NONE, rest[SHALLOW];
    for (int i = 0; i < n; i++) {
        u64 t = flips(own, opp, sq[i]);
        if (!t) continue;
        for (int j = 0, k = 0; j < n; j++)
            if (j != i) rest[k++] = sq[j];
        int v = -shallow(opp ^ t, own | t | 1ULL << sq[i], -beta, -alpha, rest, n - 1, 0);
        if (v > best) {
            best = v;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    if (best > -NONE) return best;
    if (passed) return final_score(own, opp, n); /* neither can place */
    return -shallow(opp, own, -beta, -alpha, sq, n, 1);
}

static u64 transform(u64 bits, int f) {
    u64 out = 0;
    for (; bits; bits &= bits - 1) out |= 1ULL << image[f][__builtin_ctzll(bits)];
    return out;
}

/* From CANON_EMPTIES empties on, the table holds one image per symmetry class: replace
 * (own, opp) by its smallest image and return the symmetry that made it (0 below). */
static int canonical(u64 *own, u64 *opp, int empties) {
    int best = 0;
    if (empties < CANON_EMPTIES) return 0;
    u64 own0 = *own, opp0 = *opp;
    for (int f = 1; f < 8; f++) {
        u64 a = transform(own0, f), b = transform(opp0, f);
        if (a < *own || (a == *own && b < *opp)) {
            *own = a;
            *opp = b;
            best = f;
        }
    }
    return best;
}

/* --- transposition table: two-slot buckets (deepest-kept, newest) ---------------------- */
typedef struct {
    u64 own, opp;
    int8_t lo, hi, move, empties;
} Entry;

static Entry *table;

/* --- checkpoint: bounds of positions with LOG_EMPTIES or more empties, kept for good and
 * written to the log file (one line "own opp lo hi move" each, own and opp in hex) ------- */
#define SAVED_BITS 22
static Entry *saved; /* open addressing, never evicted */
static long saved_count;
static FILE *logfile;

static inline u64 hash(u64 own, u64 opp) {
    return own * 0x9E3779B97F4A7C15ULL ^ (opp + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL;
}

static Entry *saved_slot(u64 own, u64 opp) {
    u64 mask = (1ULL << SAVED_BITS) - 1;
    for (u64 i = hash(own, opp) >> (64 - SAVED_BITS);; i = (i + 1) & mask)
        if (!saved[i].empties || (saved[i].own == own && saved[i].opp == opp)) return &saved[i];
}

/* Keep (and log, when logging) the bounds of a position; a slot holds the tightest. */
static void save(u64 own, u64 opp, int empties, int lo, int hi, int move, int logging) {
    Entry *e = saved_slot(own, opp);
    if (!e->empties) {
        if (4 * ++saved_count > 3L << SAVED_BITS) {
            fprintf(stderr, "the checkpoint table is full: raise SAVED_BITS\n");
            exit(1);
        }
        *e = (Entry){own, opp, -NONE, NONE, NONE, empties};
    }
    if (lo > e->lo) e->lo = lo;
    if (hi < e->hi) e->hi = hi;
    if (move != NONE) e->move = move;
    if (logging && logfile) {
        fprintf(logfile, "%llx %llx %d %d %d\n", (unsigned long long)own,
                (unsigned long long)opp, lo, hi, move);
        fflush(logfile);
    }
}

static void read_log(const char *path) {
    FILE *f = fopen(path, "r");
    unsigned long long own, opp;
    int lo, hi, move;
    long count = 0;
    if (f) {
        while (fscanf(f, "%llx %llx %d %d %d", &own, &opp, &lo, &hi, &move) == 5) {
            save(own, opp, 36 - __builtin_popcountll(own | opp), lo, hi, move, 0);
            count++;
        }
        fclose(f);
    }
    fprintf(stderr, "log %s: %ld bounds read\n", path, count);
    if (!(logfile = fopen(path, "a"))) {
        perror(path);
        exit(1);
    }
}

static inline Entry *bucket(u64 own, u64 opp) {
    return table + 2 * (hash(own, opp) >> (64 - TT_BITS));
}

static Entry *probe(u64 own, u64 opp) {
    if (36 - __builtin_popcountll(own | opp) >= LOG_EMPTIES) {
        Entry *e = saved_slot(own, opp);
        return e->empties ? e : NULL;
    }
    Entry *b = bucket(own, opp);
    for (int i = 0; i < 2; i++)
        if (b[i].own == own && b[i].opp == opp && b[i].empties) return &b[i];
    return NULL;
}

static void store(u64 own, u64 opp, int empties, int lo, int hi, int move) {
    if (empties >= LOG_EMPTIES) {
        save(own, opp, empties, lo, hi, move, 1);
        return;
    }
    Entry *e = probe(own, opp);
    if (e) { /* same position: keep the tighter bounds */
        if (lo > e->lo) e->lo = lo;
        if (hi < e->hi) e->hi = hi;
        e->move = move;
        return;
    }
    Entry *b = bucket(own, opp);
    e = empties >= b[0].empties ? &b[0] : &b[1];
    if (e == &b[0]) b[1] = b[0];
    *e = (Entry){own, opp, lo, hi, move, empties};
}

/* --- main search ------------------------------------------------------------------------ */
typedef struct {
    int sq, score;
    u64 own, opp; /* the child, side to move first */
} Child;

#define CORNERS 0x840000021ULL /* a1 f1 a6 f6 */

/* Midgame score for move ordering: mobility (corners count double) and corners held. */
static int mobility_eval(u64 own, u64 opp) {
    u64 mine = moves(own, opp), theirs = moves(opp, own);
    return 4 * (__builtin_popcountll(mine) + __builtin_popcountll(mine & CORNERS)
                - __builtin_popcountll(theirs) - __builtin_popcountll(theirs & CORNERS))
           + 12 * (__builtin_popcountll(own & CORNERS) - __builtin_popcountll(opp & CORNERS));
}

/* Depth-limited alpha-beta over mobility_eval: the ordering score of a child. */
static int probe_search(u64 own, u64 opp, int depth, int alpha, int beta) {
    if (!depth) return mobility_eval(own, opp);
    u64 legal = moves(own, opp);
    if (!legal) {
        if (!moves(opp, own)) return 100 * final_score(own, opp, 0);
        return -probe_search(opp, own, depth - 1, -beta, -alpha);
    }
    int best = -100000;
    for (; legal; legal &= legal - 1) {
        int sq = __builtin_ctzll(legal);
        u64 t = flips(own, opp, sq);
        int v = -probe_search(opp ^ t, own | t | 1ULL << sq, depth - 1, -beta, -alpha);
        if (v > best) {
            best = v;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    return best;
}

/* The children of a position in search order (table move, then the best-looking). */
static int children(u64 own, u64 opp, u64 legal, int first, int empties, Child *kids) {
    int parity[4] = {0, 0, 0, 0};
    u64 empty = ~(own | opp) & FULL;
    for (u64 e = empty; e; e &= e - 1) parity[quadrant[__builtin_ctzll(e)]] ^= 1;
    int n = 0;
    for (; legal; legal &= legal - 1) {
        int sq = __builtin_ctzll(legal);
        u64 t = flips(own, opp, sq);
        Child *k = &kids[n++];
        k->sq = sq;
        k->own = opp ^ t;
        k->opp = own | t | 1ULL << sq;
        if (sq == first) k->score = -1000;
        else if (empties >= PROBE_EMPTIES)
            k->score = probe_search(k->own, k->opp, (empties - PROBE_EMPTIES) / 4 + 1,
                                    -100000, 100000) - quality[sq];
        else if (empties <= PARITY_EMPTIES)
            k->score = 16 * __builtin_popcountll(moves(k->own, k->opp))
                       - 24 * parity[quadrant[sq]] - quality[sq];
        else
            k->score = 16 * __builtin_popcountll(moves(k->own, k->opp)) - quality[sq];
    }
    for (int i = 1; i < n; i++) { /* insertion sort by score */
        Child c = kids[i];
        int j = i;
        for (; j > 0 && kids[j - 1].score > c.score; j--) kids[j] = kids[j - 1];
        kids[j] = c;
    }
    return n;
}

static int solve(u64 own, u64 opp, int alpha, int beta) {
    u64 empty = ~(own | opp) & FULL;
    int empties = __builtin_popcountll(empty);
    if (empties <= SHALLOW) {
        int sq[SHALLOW], n = 0;
        for (int odd = 1; odd >= 0; odd--) { /* odd quadrants first */
            int count[4] = {0, 0, 0, 0};
            for (u64 e = empty; e; e &= e - 1) count[quadrant[__builtin_ctzll(e)]]++;
            for (u64 e = empty; e; e &= e - 1) {
                int s = __builtin_ctzll(e);
                if ((count[quadrant[s]] & 1) == odd) sq[n++] = s;
            }
        }
        return shallow(own, opp, alpha, beta, sq, n, 0);
    }
    nodes++;
    int first = NONE;
    u64 key_own = own, key_opp = opp;
    int f = canonical(&key_own, &key_opp, empties);
    Entry *e = empties >= TT_MIN_EMPTIES ? probe(key_own, key_opp) : NULL;
    if (e) {
        if (e->lo >= beta) return e->lo;
        if (e->hi <= alpha) return e->hi;
        if (e->lo == e->hi) return e->lo;
        if (e->lo > alpha) alpha = e->lo;
        if (e->hi < beta) beta = e->hi;
        first = e->move == NONE ? NONE : preimage[f][e->move];
    }
    u64 legal = moves(own, opp);
    if (!legal) {
        if (!moves(opp, own)) return final_score(own, opp, empties);
        return -solve(opp, own, -beta, -alpha);
    }
    Child kids[32];
    int n = children(own, opp, legal, first, empties, kids);
    if (empties > TT_MIN_EMPTIES) /* enhanced transposition cutoff: a child refuted already */
        for (int i = 0; i < n; i++) {
            u64 a = kids[i].own, b = kids[i].opp;
            canonical(&a, &b, empties - 1);
            if ((e = probe(a, b)) && -e->hi >= beta) return -e->hi;
        }
    int alpha0 = alpha, best = -NONE, move = NONE;
    for (int i = 0; i < n; i++) {
        int v;
        if (i == 0) {
            v = -solve(kids[i].own, kids[i].opp, -beta, -alpha);
        } else {
            v = -solve(kids[i].own, kids[i].opp, -alpha - 1, -alpha);
            if (v > alpha && v < beta) v = -solve(kids[i].own, kids[i].opp, -beta, -alpha);
        }
        if (v > best) {
            best = v;
            move = kids[i].sq;
            if (v > alpha) alpha = v;
            if (alpha >= beta) break;
        }
    }
    if (empties >= TT_MIN_EMPTIES)
        store(key_own, key_opp, empties, best > alpha0 ? best : -NONE, best < beta ? best : NONE,
              image[f][move]);
    return best;
}

/* --- driver ----------------------------------------------------------------------------- */
static const char *name(int sq, char *buf) {
    buf[0] = (char)('a' + sq % 6);
    buf[1] = (char)('1' + sq / 6);
    buf[2] = 0;
    return buf;
}

/* Exact value and the squares that reach it (bitmask; 0 when the side to move passes). */
static int analyse(u64 own, u64 opp, u64 *best) {
    int value = solve(own, opp, -NONE, NONE);
    *best = 0;
    u64 legal = moves(own, opp);
    for (; legal; legal &= legal - 1) {
        int sq = __builtin_ctzll(legal);
        u64 t = flips(own, opp, sq);
        /* null window just below value: does this move reach it? */
        if (-solve(opp ^ t, own | t | 1ULL << sq, -value, -value + 1) >= value)
            *best |= 1ULL << sq;
    }
    return value;
}

static void init(void) {
    for (int sq = 0; sq < 36; sq++) {
        int r = sq / 6, c = sq % 6;
        quadrant[sq] = (r >= 3) * 2 + (c >= 3);
        int edge_r = r == 0 || r == 5, edge_c = c == 0 || c == 5;
        int near_r = r == 1 || r == 4, near_c = c == 1 || c == 4;
        quality[sq] = edge_r && edge_c ? 8 : near_r && near_c ? -8
                    : (edge_r && near_c) || (near_r && edge_c) ? -3 : edge_r || edge_c ? 2 : 0;
        for (int f = 0; f < 8; f++) { /* bit 1: mirror columns, 2: rows, 4: transpose */
            int r2 = f & 2 ? 5 - r : r, c2 = f & 1 ? 5 - c : c;
            image[f][sq] = f & 4 ? c2 * 6 + r2 : r2 * 6 + c2;
            preimage[f][image[f][sq]] = sq;
        }
    }
    table = calloc((size_t)2 << TT_BITS, sizeof(Entry));
    saved = calloc((size_t)1 << SAVED_BITS, sizeof(Entry));
    if (!table || !saved) {
        perror("calloc");
        exit(1);
    }
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
    int batch = 0;
    const char *log = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--batch")) batch = 1;
        else if (!strcmp(argv[i], "--wof")) wof = 1;
        else if (!strcmp(argv[i], "--log") && i + 1 < argc) log = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--batch] [--wof] [--log FILE]\n", argv[0]);
            return 2;
        }
    }
    init();
    if (log) read_log(log);
    double t0 = now();
    char buf[3];
    if (batch) {
        unsigned long long own, opp;
        long count = 0;
        while (scanf("%llx %llx", &own, &opp) == 2) {
            u64 best;
            int value = analyse(own, opp, &best);
            printf("%d ", value);
            if (!best) printf("-");
            for (int first = 1; best; best &= best - 1, first = 0)
                printf(first ? "%s" : ",%s", name(__builtin_ctzll(best), buf));
            printf("\n");
            fflush(stdout);
            count++;
        }
        fprintf(stderr, "positions %ld nodes %llu seconds %.1f\n", count,
                (unsigned long long)nodes, now() - t0);
        return 0;
    }
    u64 dark = 1ULL << 15 | 1ULL << 20, light = 1ULL << 14 | 1ULL << 21; /* d3 c4 / c3 d4 */
    u64 best;
    int value = analyse(dark, light, &best);
    double seconds = now() - t0;
    printf("value %d\nbest", value);
    for (; best; best &= best - 1) printf(" %s", name(__builtin_ctzll(best), buf));
    printf("\nnodes %llu\nseconds %.1f\npv", (unsigned long long)nodes, seconds);
    u64 own = dark, opp = light; /* each move: the first that keeps the value */
    int mover = 0;
    for (u64 legal; (legal = moves(own, opp)) || moves(opp, own); mover ^= 1) {
        u64 next_own = opp, next_opp = own;
        if (!legal) printf(" pass");
        for (int v = solve(own, opp, -NONE, NONE); legal; legal &= legal - 1) {
            int sq = __builtin_ctzll(legal);
            u64 t = flips(own, opp, sq);
            if (-solve(opp ^ t, own | t | 1ULL << sq, -NONE, NONE) == v) {
                printf(" %s", name(sq, buf));
                next_own = opp ^ t;
                next_opp = own | t | 1ULL << sq;
                break;
            }
        }
        own = next_own;
        opp = next_opp;
    }
    u64 d = mover ? opp : own, l = mover ? own : opp;
    printf("\nfinal dark %d light %d", __builtin_popcountll(d), __builtin_popcountll(l));
    printf("\n");
    return 0;
}
