//! Is a line of faces a true equation?  Used for the cross-check sets only (the main
//! lines are built true by construction).  The rules are those of `amath.core.equation.judge`
//! without brackets: digit runs join up to `max_digits` with no leading zero, a number
//! face never touches another number, `*` and `/` bind tighter, a side may start with a
//! unary minus (never `-0`), never with another operator, and every side has one value.

use crate::rational::Value;
use crate::rules::{FaceDef, DIGIT, DIVIDE, EQ, MINUS, NUMBER, PLUS, TIMES};

#[derive(Clone, Copy, PartialEq)]
enum Tok {
    Num(i64),
    Op(u8),
    Eq,
}

fn is_num(kind: u8) -> bool {
    kind == DIGIT || kind == NUMBER
}

fn tokenize(faces: &[FaceDef], max_digits: u32) -> Option<Vec<Tok>> {
    let mut toks = Vec::with_capacity(faces.len());
    let mut i = 0;
    while i < faces.len() {
        let f = faces[i];
        match f.kind {
            DIGIT => {
                let mut j = i;
                let mut n: i64 = 0;
                while j < faces.len() && faces[j].kind == DIGIT {
                    n = n.checked_mul(10)?.checked_add(faces[j].value)?;
                    j += 1;
                }
                let len = (j - i) as u32;
                if len > max_digits || (len > 1 && f.value == 0) {
                    return None;
                }
                toks.push(Tok::Num(n));
                i = j;
                continue;
            }
            NUMBER => {
                let touches = (i > 0 && is_num(faces[i - 1].kind)) || (i + 1 < faces.len() && is_num(faces[i + 1].kind));
                if touches {
                    return None;
                }
                toks.push(Tok::Num(f.value));
            }
            EQ => toks.push(Tok::Eq),
            k => toks.push(Tok::Op(k)),
        }
        i += 1;
    }
    Some(toks)
}

/// Value of one side's tokens, `None` when it is not a well-formed expression.
fn side_value(toks: &[Tok]) -> Option<Value> {
    let (negate, start) = match toks.first()? {
        Tok::Op(MINUS) if matches!(toks.get(1), Some(Tok::Num(0))) => return None,
        Tok::Op(MINUS) => (true, 1),
        Tok::Op(_) => return None,
        _ => (false, 0),
    };
    let (first, mut pos) = term_at(toks, start)?;
    // -a*b reads as (-a)*b, which has the value of -(a*b)
    let mut total = if negate { first.checked_neg()? } else { first };
    while pos < toks.len() {
        let minus = match toks[pos] {
            Tok::Op(PLUS) => false,
            Tok::Op(MINUS) => true,
            _ => return None,
        };
        let (value, next) = term_at(toks, pos + 1)?;
        total = if minus { total.checked_sub(value)? } else { total.checked_add(value)? };
        pos = next;
    }
    Some(total)
}

/// A term starting at `pos` (no unary sign allowed): its value and the position after it.
fn term_at(toks: &[Tok], mut pos: usize) -> Option<(Value, usize)> {
    let mut term = match toks.get(pos) {
        Some(Tok::Num(n)) => Value::int(*n),
        _ => return None,
    };
    pos += 1;
    while let Some(Tok::Op(op)) = toks.get(pos) {
        let op = *op;
        if op == PLUS || op == MINUS {
            break;
        }
        let rhs = match toks.get(pos + 1) {
            Some(Tok::Num(n)) => Value::int(*n),
            _ => return None,
        };
        term = match op {
            TIMES => term.checked_mul(rhs)?,
            DIVIDE => term.checked_div(rhs)?,
            _ => return None,
        };
        pos += 2;
    }
    Some((term, pos))
}

/// True when `faces` read as one line form a true equation.
pub fn is_true(faces: &[FaceDef], max_digits: u32) -> bool {
    if faces.len() < 2 {
        return false;
    }
    let Some(toks) = tokenize(faces, max_digits) else {
        return false;
    };
    let mut value: Option<Value> = None;
    let mut sides = 0;
    for side in toks.split(|t| *t == Tok::Eq) {
        let Some(v) = side_value(side) else {
            return false;
        };
        if value.is_some_and(|w| w != v) {
            return false;
        }
        value = Some(v);
        sides += 1;
    }
    sides >= 2
}

#[cfg(test)]
mod tests {
    use super::is_true;
    use crate::rules::testing::{face, rules};

    fn judge(line: &str) -> bool {
        let r = rules(15, 8);
        let faces: Vec<_> = line.split(' ').map(|n| r.faces[face(n) as usize]).collect();
        is_true(&faces, r.max_digits)
    }

    #[test]
    fn true_and_false_equations() {
        assert!(judge("1 + 1 = 2"));
        assert!(judge("7 - 7 = 6 * 0"));
        assert!(judge("1 2 = 12"));
        assert!(judge("- 3 = 0 - 3"));
        assert!(judge("1 = 1 = 1"));
        assert!(judge("3 / 2 = 6 / 4"));
        assert!(judge("2 + 3 * 4 = 14"));
        assert!(judge("8 / 2 / 2 = 2"));
        assert!(!judge("1 = 2"));
        assert!(!judge("1 + 1"));
        assert!(!judge("="));
        assert!(!judge("1 ="));
        assert!(!judge("= 1"));
        assert!(!judge("0 1 = 1"));
        assert!(!judge("1 0 0 0 = 10 * 10 * 10"));
        assert!(!judge("1 12 = 1 + 12"));
        assert!(!judge("12 1 = 12 + 1"));
        assert!(judge("1 0 0 = 10 * 10"));
        assert!(!judge("+ 1 = 1"));
        assert!(!judge("* 1 = 1"));
        assert!(!judge("- 0 = 0"));
        assert!(!judge("1 + - 1 = 0"));
        assert!(!judge("1 / 0 = 1"));
        assert!(!judge("1 + = 1"));
        assert!(!judge("1 = 1 ="));
        assert!(!judge("1 = = 1"));
        assert!(!judge("1 = 1 +"));
    }
}
