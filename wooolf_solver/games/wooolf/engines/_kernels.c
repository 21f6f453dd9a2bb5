/* The loops of kernels.py in C: see that module for what each computes.
 *
 * Every function takes numpy arrays through the buffer protocol (C-contiguous, of
 * the element type the kernels.py wrapper gives them: int8 hands, int64 indexes,
 * float64 weights, bool flags), writes into output arrays the wrapper allocated,
 * and returns a count or nothing. The sums are of whole numbers below 2**53 (or the
 * pairwise sum of numpy, written out), so the answers are the very bits of the numpy
 * array operations of array_kernels.py. Compiled without contraction of a multiply
 * and an add into one instruction (setup.py), which would round differently.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MOST_ARRAYS 24

/* The buffers a call holds, released together, and the contiguous copies made of
 * arguments that were views with strides. */
typedef struct {
    Py_buffer views[MOST_ARRAYS];
    PyObject *copies[MOST_ARRAYS];
    int held;
} Held;

static void release(Held *held) {
    for (int i = 0; i < held->held; i++) {
        PyBuffer_Release(&held->views[i]);
        Py_XDECREF(held->copies[i]);
    }
    held->held = 0;
}

/* numpy.ascontiguousarray, for the arguments that are not C-contiguous. */
static PyObject *contiguous = NULL;

/* Whether a buffer's format is the one-letter kind wanted: 'b' int8, 'q' int64,
 * 'd' float64, '?' bool (numpy writes int64 as 'l' or 'q', maybe after '<' or '='). */
static int is_kind(const Py_buffer *view, char kind) {
    const char *format = view->format ? view->format : "B";
    if (*format == '<' || *format == '=' || *format == '@') format++;
    if (format[1] != '\0') return 0;
    switch (kind) {
        case 'q': return (*format == 'q' || *format == 'l') && view->itemsize == 8;
        case 'b': return *format == 'b' && view->itemsize == 1;
        case 'd': return *format == 'd' && view->itemsize == 8;
        case '?': return *format == '?' && view->itemsize == 1;
        default: return 0;
    }
}

/* The data of argument ``index`` (an array of ``kind`` with ``ndim`` dimensions, read
 * through a C-contiguous copy if it is a view with strides; written to in place if
 * ``writable``, which must then be C-contiguous), its shape in ``shape``; NULL with
 * an error naming the argument otherwise. */
static void *take(Held *held, PyObject *const *args, int index, char kind, int ndim,
                  int writable, Py_ssize_t *shape) {
    Py_buffer *view = &held->views[held->held];
    int flags = PyBUF_C_CONTIGUOUS | PyBUF_FORMAT | (writable ? PyBUF_WRITABLE : 0);
    PyObject *copy = NULL;
    if (PyObject_GetBuffer(args[index], view, flags) < 0) {
        if (writable) return NULL;
        PyErr_Clear();
        copy = PyObject_CallOneArg(contiguous, args[index]);
        if (copy == NULL) return NULL;
        if (PyObject_GetBuffer(copy, view, flags) < 0) {
            Py_DECREF(copy);
            return NULL;
        }
    }
    held->copies[held->held++] = copy;
    if (!is_kind(view, kind) || view->ndim != ndim) {
        PyErr_Format(PyExc_TypeError, "argument %d: want a %d-d array of '%c', got '%s' in %d-d",
                     index + 1, ndim, kind, view->format ? view->format : "B", view->ndim);
        return NULL;
    }
    for (int d = 0; d < ndim; d++) shape[d] = view->shape[d];
    return view->buf;
}

static int check_count(Py_ssize_t nargs, Py_ssize_t want, const char *name) {
    if (nargs == want) return 1;
    PyErr_Format(PyExc_TypeError, "%s takes %zd arguments, not %zd", name, want, nargs);
    return 0;
}

/* A kernel: ``name`` checks that it has ``count`` arguments, runs its body (which
 * takes its arrays with TAKE and returns its answer, or NULL with an error set),
 * and releases the arrays the body took. */
#define KERNEL(name, count)                                                          \
    static PyObject *name##_body(Held *held, PyObject *const *args);                 \
    static PyObject *name(PyObject *self, PyObject *const *args, Py_ssize_t nargs) { \
        if (!check_count(nargs, count, #name)) return NULL;                          \
        Held held = {.held = 0};                                                     \
        PyObject *answer = name##_body(&held, args);                                 \
        release(&held);                                                              \
        return answer;                                                               \
    }                                                                                \
    static PyObject *name##_body(Held *held, PyObject *const *args)

#define TAKE(var, type, index, kind, ndim, writable, shape)                    \
    type *var = (type *)take(held, args, index, kind, ndim, writable, shape); \
    if (var == NULL) return NULL

/* decision_weights(hands, place, labels, states, weights, ways, codes, counts,
 *                  decision_out, touched_codes_out) */
KERNEL(decision_weights, 10) {
    Py_ssize_t hs[2], n[1], ws[2], ls[1];
    TAKE(hands, int8_t, 0, 'b', 2, 0, hs);
    TAKE(place, int64_t, 1, 'q', 1, 0, n);
    TAKE(labels, int64_t, 2, 'q', 1, 0, n);
    TAKE(states, int64_t, 3, 'q', 1, 0, n);
    TAKE(weights, double, 4, 'd', 1, 0, n);
    TAKE(ways, double, 5, 'd', 2, 0, ws);
    TAKE(codes, int64_t, 6, 'q', 1, 0, ls);
    TAKE(counts, int64_t, 7, 'q', 1, 0, n);
    TAKE(decision, double, 8, 'd', 1, 1, n);
    TAKE(touched_codes, int64_t, 9, 'q', 1, 1, n);
    Py_ssize_t rows = hs[0], touched = hs[1], columns = ws[1], labellings = ls[0];
    for (Py_ssize_t row = 0; row < rows; row++) {
        int64_t code = 0;
        for (Py_ssize_t column = 0; column < touched; column++)
            code += labels[hands[row * touched + column]] * place[column];
        touched_codes[row] = code;
        double weight = weights[row];
        const double *state_ways = ways + states[row] * columns;
        for (Py_ssize_t labelling = 0; labelling < labellings; labelling++) {
            double found = state_ways[counts[labelling]];
            if (found != 0.0) decision[code + codes[labelling]] += weight * found;
        }
    }
    Py_RETURN_NONE;
}

/* touched_joint(hands, touched_codes, states, weights, ways, codes, counts, rank,
 *               joint_out[touched, hand_types, values]) */
KERNEL(touched_joint, 9) {
    Py_ssize_t hs[2], n[1], ws[2], ls[1], js[3];
    TAKE(hands, int8_t, 0, 'b', 2, 0, hs);
    TAKE(touched_codes, int64_t, 1, 'q', 1, 0, n);
    TAKE(states, int64_t, 2, 'q', 1, 0, n);
    TAKE(weights, double, 3, 'd', 1, 0, n);
    TAKE(ways, double, 4, 'd', 2, 0, ws);
    TAKE(codes, int64_t, 5, 'q', 1, 0, ls);
    TAKE(counts, int64_t, 6, 'q', 1, 0, n);
    TAKE(rank, int64_t, 7, 'q', 1, 0, n);
    TAKE(joint, double, 8, 'd', 3, 1, js);
    Py_ssize_t rows = hs[0], touched = hs[1], columns = ws[1], labellings = ls[0];
    Py_ssize_t hand_types = js[1], values = js[2];
    for (Py_ssize_t row = 0; row < rows; row++) {
        double weight = weights[row];
        const double *state_ways = ways + states[row] * columns;
        int64_t code = touched_codes[row];
        const int8_t *hand = hands + row * touched;
        for (Py_ssize_t labelling = 0; labelling < labellings; labelling++) {
            double found = state_ways[counts[labelling]];
            if (found == 0.0) continue;
            int64_t value = rank[code + codes[labelling]];
            double share = weight * found;
            for (Py_ssize_t column = 0; column < touched; column++)
                joint[(column * hand_types + hand[column]) * values + value] += share;
        }
    }
    Py_RETURN_NONE;
}

/* untouched_joint(order, keys, touched_codes, states, weights, first, moves,
 *                 move_state, move_hand, move_ways, labels, place, other_codes, counts,
 *                 ways_after, rank, support, base, joint_out[hand_types, values],
 *                 mirror_out[seats, values]); ``order`` sorts the rows by ``keys``. */
KERNEL(untouched_joint, 20) {
    Py_ssize_t n[1], os[1], ss[1], as[2], ps[1], js[2], ms[2];
    TAKE(order, int64_t, 0, 'q', 1, 0, os);
    TAKE(keys, int64_t, 1, 'q', 1, 0, n);
    TAKE(touched_codes, int64_t, 2, 'q', 1, 0, n);
    TAKE(states, int64_t, 3, 'q', 1, 0, n);
    TAKE(weights, double, 4, 'd', 1, 0, n);
    TAKE(first, int64_t, 5, 'q', 1, 0, n);
    TAKE(moves, int64_t, 6, 'q', 1, 0, n);
    TAKE(move_state, int64_t, 7, 'q', 1, 0, n);
    TAKE(move_hand, int64_t, 8, 'q', 1, 0, n);
    TAKE(move_ways, double, 9, 'd', 1, 0, n);
    TAKE(labels, int64_t, 10, 'q', 1, 0, n);
    TAKE(place, int64_t, 11, 'q', 1, 0, ps);
    TAKE(other_codes, int64_t, 12, 'q', 1, 0, ss);
    TAKE(counts, int64_t, 13, 'q', 1, 0, n);
    TAKE(ways_after, double, 14, 'd', 2, 0, as);
    TAKE(rank, int64_t, 15, 'q', 1, 0, n);
    TAKE(support, int64_t, 16, 'q', 1, 0, n);
    int64_t base = PyLong_AsLongLong(args[17]);
    if (base == -1 && PyErr_Occurred()) return NULL;
    TAKE(joint, double, 18, 'd', 2, 1, js);
    TAKE(mirror, int64_t, 19, 'q', 2, 1, ms);
    Py_ssize_t rows = os[0], labellings = ss[0], columns = as[1];
    Py_ssize_t values = js[1], seats = ps[0];
    Py_ssize_t start = 0;
    while (start < rows) {
        int64_t key = keys[order[start]];
        double weight = 0.0;
        Py_ssize_t end = start;
        while (end < rows && keys[order[end]] == key) weight += weights[order[end++]];
        int64_t code = touched_codes[order[start]], state = states[order[start]];
        for (int64_t move = first[state]; move < first[state] + moves[state]; move++) {
            int64_t hand = move_hand[move];
            const double *after_ways = ways_after + move_state[move] * columns;
            double dealt = weight * move_ways[move];
            int64_t own = code + labels[hand] * place[0];
            for (Py_ssize_t labelling = 0; labelling < labellings; labelling++) {
                double found = after_ways[counts[labelling]];
                if (found != 0.0)
                    joint[hand * values + rank[own + other_codes[labelling]]] += dealt * found;
            }
        }
        start = end;
    }
    for (Py_ssize_t value = 0; value < values; value++) {
        int64_t code = support[value];
        int64_t digit = code / place[0] % base;
        mirror[value] = value;
        for (Py_ssize_t seat = 1; seat < seats; seat++) {
            int64_t other = code / place[seat] % base;
            mirror[seat * values + value] =
                rank[code + (digit - other) * place[seat] + (other - digit) * place[0]];
        }
    }
    Py_RETURN_NONE;
}

/* split_count(states, first, moves, move_hand, allowed): how many rows the split
 * of split_rows makes before its observation. */
KERNEL(split_count, 5) {
    Py_ssize_t ss[1], n[1];
    TAKE(states, int64_t, 0, 'q', 1, 0, ss);
    TAKE(first, int64_t, 1, 'q', 1, 0, n);
    TAKE(moves, int64_t, 2, 'q', 1, 0, n);
    TAKE(move_hand, int64_t, 3, 'q', 1, 0, n);
    TAKE(allowed, char, 4, '?', 1, 0, n);
    Py_ssize_t total = 0;
    for (Py_ssize_t row = 0; row < ss[0]; row++) {
        int64_t state = states[row];
        for (int64_t move = first[state]; move < first[state] + moves[state]; move++)
            total += allowed[move_hand[move]] != 0;
    }
    return PyLong_FromSsize_t(total);
}

/* The hand type a read of the new row takes: column ``column`` of the old row, or
 * the new seat's ``hand`` when it is the new column; 0 when there is no read. */
static inline int64_t read_of(int64_t column, Py_ssize_t touched, int64_t hand,
                              const int8_t *old) {
    if (column < 0) return 0;
    return column == touched ? hand : old[column];
}

/* split_fill(hands, states, coef, weights, first, moves, move_state, move_hand,
 *            move_ways, move_coef, allowed, table, reads, new_hands, new_states,
 *            new_coef, new_weights): the rows of split_rows, their count. */
KERNEL(split_fill, 17) {
    Py_ssize_t hs[2], n[1], ts[2], nh[2];
    TAKE(hands, int8_t, 0, 'b', 2, 0, hs);
    TAKE(states, int64_t, 1, 'q', 1, 0, n);
    TAKE(coef, int64_t, 2, 'q', 1, 0, n);
    TAKE(weights, double, 3, 'd', 1, 0, n);
    TAKE(first, int64_t, 4, 'q', 1, 0, n);
    TAKE(moves, int64_t, 5, 'q', 1, 0, n);
    TAKE(move_state, int64_t, 6, 'q', 1, 0, n);
    TAKE(move_hand, int64_t, 7, 'q', 1, 0, n);
    TAKE(move_ways, double, 8, 'd', 1, 0, n);
    TAKE(move_coef, int64_t, 9, 'q', 1, 0, n);
    TAKE(allowed, char, 10, '?', 1, 0, n);
    TAKE(table, double, 11, 'd', 2, 0, ts);
    TAKE(reads, int64_t, 12, 'q', 1, 0, n);
    TAKE(new_hands, int8_t, 13, 'b', 2, 1, nh);
    TAKE(new_states, int64_t, 14, 'q', 1, 1, n);
    TAKE(new_coef, int64_t, 15, 'q', 1, 1, n);
    TAKE(new_weights, double, 16, 'd', 1, 1, n);
    Py_ssize_t rows = hs[0], touched = hs[1], most = nh[0];
    int observed = reads[0] >= 0 || reads[1] >= 0;
    Py_ssize_t made = 0;
    for (Py_ssize_t row = 0; row < rows; row++) {
        int64_t state = states[row];
        const int8_t *old = hands + row * touched;
        for (int64_t move = first[state]; move < first[state] + moves[state]; move++) {
            int64_t hand = move_hand[move];
            if (!allowed[hand]) continue;
            if (made == most) {
                PyErr_SetString(PyExc_ValueError, "split_fill: more rows than split_count");
                return NULL;
            }
            double weight = weights[row] * move_ways[move];
            if (observed) {
                int64_t a = read_of(reads[0], touched, hand, old);
                int64_t b = read_of(reads[1], touched, hand, old);
                weight = weight * table[a * ts[1] + b];
                if (!(weight > 0.0)) continue;
            }
            int8_t *made_hand = new_hands + made * (touched + 1);
            memcpy(made_hand, old, (size_t)touched);
            made_hand[touched] = (int8_t)hand;
            new_states[made] = move_state[move];
            new_coef[made] = coef[row] * move_coef[move];
            new_weights[made] = weight;
            made++;
        }
    }
    return PyLong_FromSsize_t(made);
}

/* observe_rows(hands, states, coef, weights, table, reads, new_hands, new_states,
 *              new_coef, new_weights): the rows an observation keeps, with their
 *              weights after it; their count. */
KERNEL(observe_rows, 10) {
    Py_ssize_t hs[2], n[1], ts[2], nh[2];
    TAKE(hands, int8_t, 0, 'b', 2, 0, hs);
    TAKE(states, int64_t, 1, 'q', 1, 0, n);
    TAKE(coef, int64_t, 2, 'q', 1, 0, n);
    TAKE(weights, double, 3, 'd', 1, 0, n);
    TAKE(table, double, 4, 'd', 2, 0, ts);
    TAKE(reads, int64_t, 5, 'q', 1, 0, n);
    TAKE(new_hands, int8_t, 6, 'b', 2, 1, nh);
    TAKE(new_states, int64_t, 7, 'q', 1, 1, n);
    TAKE(new_coef, int64_t, 8, 'q', 1, 1, n);
    TAKE(new_weights, double, 9, 'd', 1, 1, n);
    Py_ssize_t rows = hs[0], touched = hs[1], made = 0;
    if (nh[0] < rows || nh[1] != touched) {
        PyErr_SetString(PyExc_ValueError, "observe_rows: the new rows' shape");
        return NULL;
    }
    for (Py_ssize_t row = 0; row < rows; row++) {
        const int8_t *hand = hands + row * touched;
        int64_t a = reads[0] >= 0 ? hand[reads[0]] : 0;
        int64_t b = reads[1] >= 0 ? hand[reads[1]] : 0;
        double weight = weights[row] * table[a * ts[1] + b];
        if (weight > 0.0) {
            memcpy(new_hands + made * touched, hand, (size_t)touched);
            new_states[made] = states[row];
            new_coef[made] = coef[row];
            new_weights[made] = weight;
            made++;
        }
    }
    return PyLong_FromSsize_t(made);
}

/* hand_weights(hands, columns, filled, states, weights, move_src, move_hand,
 *              move_ways, found_out[seats, hand_types]) */
KERNEL(hand_weights, 9) {
    Py_ssize_t hs[2], cs[1], fs[1], ss[1], ms[1], n[1], os[2];
    double *untouched = NULL;
    TAKE(hands, int8_t, 0, 'b', 2, 0, hs);
    TAKE(columns, int64_t, 1, 'q', 1, 0, cs);
    TAKE(filled, double, 2, 'd', 1, 0, fs);
    TAKE(states, int64_t, 3, 'q', 1, 0, ss);
    TAKE(weights, double, 4, 'd', 1, 0, n);
    TAKE(move_src, int64_t, 5, 'q', 1, 0, ms);
    TAKE(move_hand, int64_t, 6, 'q', 1, 0, n);
    TAKE(move_ways, double, 7, 'd', 1, 0, n);
    TAKE(found, double, 8, 'd', 2, 1, os);
    Py_ssize_t seats = cs[0], hand_types = os[1], touched = hs[1];
    int any_untouched = 0;
    for (Py_ssize_t seat = 0; seat < seats; seat++) any_untouched |= columns[seat] < 0;
    if (any_untouched) {
        int64_t top = 0;
        for (Py_ssize_t row = 0; row < ss[0]; row++)
            if (states[row] > top) top = states[row];
        double *by_state = calloc((size_t)(top + 1), sizeof(double));
        untouched = calloc((size_t)hand_types, sizeof(double));
        if (by_state == NULL || untouched == NULL) {
            free(by_state);
            free(untouched);
            return PyErr_NoMemory();
        }
        for (Py_ssize_t row = 0; row < ss[0]; row++) by_state[states[row]] += weights[row];
        for (Py_ssize_t move = 0; move < ms[0]; move++)
            if (move_src[move] <= top)
                untouched[move_hand[move]] += by_state[move_src[move]] * move_ways[move];
        free(by_state);
    }
    for (Py_ssize_t seat = 0; seat < seats; seat++) {
        double *row_found = found + seat * hand_types;
        int64_t column = columns[seat];
        if (column < 0) {
            memcpy(row_found, untouched, (size_t)hand_types * sizeof(double));
            continue;
        }
        for (Py_ssize_t row = 0; row < fs[0]; row++)
            row_found[hands[row * touched + column]] += filled[row];
    }
    free(untouched);
    Py_RETURN_NONE;
}

/* holders_certain(per_hand, labels, targets, known_held, known_alone) -> bool */
KERNEL(holders_certain, 5) {
    Py_ssize_t ps[2], n[1];
    TAKE(per_hand, double, 0, 'd', 2, 0, ps);
    TAKE(labels, int64_t, 1, 'q', 1, 0, n);
    Py_ssize_t targets = PyLong_AsSsize_t(args[2]);
    if (targets == -1 && PyErr_Occurred()) return NULL;
    TAKE(known_held, char, 3, '?', 1, 0, n);
    TAKE(known_alone, char, 4, '?', 1, 0, n);
    Py_ssize_t seats = ps[0], hands = ps[1];
    int certain = 1;
    for (Py_ssize_t target = 0; target < targets && certain; target++) {
        int any_held = known_held[target] != 0, alone = known_alone[target] != 0;
        for (Py_ssize_t seat = 0; seat < seats; seat++) {
            int holds = 0, other = 0;
            for (Py_ssize_t hand = 0; hand < hands; hand++) {
                if (per_hand[seat * hands + hand] > 0.0) {
                    if (labels[hand] == target) holds = 1;
                    else other = 1;
                }
            }
            any_held = any_held || holds;
            alone = alone || (holds && !other);
        }
        if (any_held && !alone) certain = 0;
    }
    return PyBool_FromLong(certain);
}

/* shares(joints, shares_out[rows * values], counts_out[rows], sums_out[rows]): each
 * row's positive weights over its total, row after row, how many each row has and
 * each row's total; the count of shares. */
KERNEL(shares, 4) {
    Py_ssize_t js[2], n[1];
    TAKE(joints, double, 0, 'd', 2, 0, js);
    TAKE(found, double, 1, 'd', 1, 1, n);
    TAKE(counts, int64_t, 2, 'q', 1, 1, n);
    TAKE(sums, double, 3, 'd', 1, 1, n);
    Py_ssize_t made = 0, values = js[1];
    for (Py_ssize_t row = 0; row < js[0]; row++) {
        const double *weights = joints + row * values;
        double total = 0.0;
        for (Py_ssize_t value = 0; value < values; value++) total += weights[value];
        sums[row] = total;
        counts[row] = 0;
        for (Py_ssize_t value = 0; value < values; value++) {
            if (weights[value] > 0.0) {
                found[made++] = weights[value] / total;
                counts[row]++;
            }
        }
    }
    return PyLong_FromSsize_t(made);
}

/* The sum of values[0:count] as numpy adds it up (pairwise: one after another below
 * 8 values, in 8 running sums up to 128, else the two halves split at a multiple of 8). */
static double pairwise(const double *values, Py_ssize_t count) {
    if (count < 8) {
        double found = 0.0;
        for (Py_ssize_t i = 0; i < count; i++) found += values[i];
        return found;
    }
    if (count <= 128) {
        double sums[8];
        memcpy(sums, values, sizeof(sums));
        Py_ssize_t i = 8;
        for (; i < count - count % 8; i += 8)
            for (int j = 0; j < 8; j++) sums[j] += values[i + j];
        double total = ((sums[0] + sums[1]) + (sums[2] + sums[3])) +
                       ((sums[4] + sums[5]) + (sums[6] + sums[7]));
        for (; i < count; i++) total += values[i];
        return total;
    }
    Py_ssize_t half = count / 2;
    half -= half % 8;
    return pairwise(values, half) + pairwise(values + half, count - half);
}

/* pairwise_sum(values) -> float: pairwise() of a whole array, for its checks. */
KERNEL(pairwise_sum, 1) {
    Py_ssize_t n[1];
    TAKE(values, double, 0, 'd', 1, 0, n);
    double total = pairwise(values, n[0]);
    return PyFloat_FromDouble(total);
}

/* gains(terms, counts, sums, total, entropy, starts, chances_out, gains_out): each
 * row's entropy from its terms share * log2(share), each action's information gain
 * (outcome_gains in kernels.py). */
KERNEL(gains, 8) {
    Py_ssize_t n[1], cs[1], gs[1];
    TAKE(terms, double, 0, 'd', 1, 0, n);
    TAKE(counts, int64_t, 1, 'q', 1, 0, cs);
    TAKE(sums, double, 2, 'd', 1, 0, n);
    double total = PyFloat_AsDouble(args[3]);
    if (total == -1.0 && PyErr_Occurred()) return NULL;
    double entropy = PyFloat_AsDouble(args[4]);
    if (entropy == -1.0 && PyErr_Occurred()) return NULL;
    TAKE(starts, int64_t, 5, 'q', 1, 0, n);
    TAKE(chances, double, 6, 'd', 1, 1, n);
    TAKE(found, double, 7, 'd', 1, 1, gs);
    Py_ssize_t rows = cs[0];
    double *entropies = calloc((size_t)(rows > 0 ? rows : 1), sizeof(double));
    if (entropies == NULL) return PyErr_NoMemory();
    Py_ssize_t start = 0;
    for (Py_ssize_t row = 0; row < rows; row++) {
        if (counts[row] > 1) entropies[row] = -pairwise(terms + start, counts[row]);
        start += counts[row];
        chances[row] = sums[row] / total;
    }
    for (Py_ssize_t action = 0; action < gs[0]; action++) {
        int live = 0;
        double remaining = 0.0;
        for (int64_t row = starts[action]; row < starts[action + 1]; row++) {
            if (chances[row] > 0.0) {
                live++;
                remaining += chances[row] * entropies[row];
            }
        }
        double gain = entropy - remaining;
        found[action] = live > 1 && gain > 0.0 ? gain : 0.0;
    }
    free(entropies);
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"decision_weights", (PyCFunction)(void (*)(void))decision_weights, METH_FASTCALL, NULL},
    {"touched_joint", (PyCFunction)(void (*)(void))touched_joint, METH_FASTCALL, NULL},
    {"untouched_joint", (PyCFunction)(void (*)(void))untouched_joint, METH_FASTCALL, NULL},
    {"split_count", (PyCFunction)(void (*)(void))split_count, METH_FASTCALL, NULL},
    {"split_fill", (PyCFunction)(void (*)(void))split_fill, METH_FASTCALL, NULL},
    {"observe_rows", (PyCFunction)(void (*)(void))observe_rows, METH_FASTCALL, NULL},
    {"hand_weights", (PyCFunction)(void (*)(void))hand_weights, METH_FASTCALL, NULL},
    {"holders_certain", (PyCFunction)(void (*)(void))holders_certain, METH_FASTCALL, NULL},
    {"shares", (PyCFunction)(void (*)(void))shares, METH_FASTCALL, NULL},
    {"pairwise_sum", (PyCFunction)(void (*)(void))pairwise_sum, METH_FASTCALL, NULL},
    {"gains", (PyCFunction)(void (*)(void))gains, METH_FASTCALL, NULL},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_kernels",
    .m_doc = "The loops of wooolf_solver.games.wooolf.engines.kernels, in C.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC PyInit__kernels(void) {
    PyObject *numpy = PyImport_ImportModule("numpy");
    if (numpy == NULL) return NULL;
    contiguous = PyObject_GetAttrString(numpy, "ascontiguousarray");
    Py_DECREF(numpy);
    if (contiguous == NULL) return NULL;
    return PyModule_Create(&module);
}
