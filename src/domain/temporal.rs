//! Strict ISO 8601 calendar dates and date-times with explicit offsets.

/// A calendar date `YYYY-MM-DD`, ordered chronologically.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

/// An instant: seconds since 1970-01-01T00:00:00Z plus nanoseconds. Ordered as instants, so values
/// with different offsets compare correctly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Instant {
    pub seconds: i64,
    pub nanos: u32,
}

pub fn parse_date(s: &str) -> Option<Date> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year = digits(&b[0..4])? as i32;
    let month = digits(&b[5..7])? as u8;
    let day = digits(&b[8..10])? as u8;
    (year >= 1 && (1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month)).then_some(Date {
        year,
        month,
        day,
    })
}

/// Parses `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`. Seconds and the offset are mandatory.
pub fn parse_date_time(s: &str) -> Option<Instant> {
    let b = s.as_bytes();
    if b.len() < 20 || b[10] != b'T' || b[13] != b':' || b[16] != b':' {
        return None;
    }
    let date = parse_date(s.get(0..10)?)?;
    let (hour, minute, second) = (digits(&b[11..13])?, digits(&b[14..16])?, digits(&b[17..19])?);
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    let mut rest = &b[19..];
    let mut nanos = 0u32;
    if rest.first() == Some(&b'.') {
        let n = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        for (i, c) in rest[1..=n].iter().enumerate().take(9) {
            nanos += u32::from(c - b'0') * 10u32.pow(8 - i as u32);
        }
        rest = &rest[n + 1..];
    }
    let offset_minutes: i64 = match rest {
        b"Z" => 0,
        [sign @ (b'+' | b'-'), h1, h2, b':', m1, m2] => {
            let (h, m) = (digits(&[*h1, *h2])?, digits(&[*m1, *m2])?);
            if h > 14 || m > 59 || (h == 14 && m > 0) {
                return None;
            }
            let total = (h * 60 + m) as i64;
            if *sign == b'-' {
                -total
            } else {
                total
            }
        }
        _ => return None,
    };
    let local = days_from_civil(date) * 86_400 + (hour * 3600 + minute * 60 + second) as i64;
    Some(Instant { seconds: local - offset_minutes * 60, nanos })
}

fn digits(b: &[u8]) -> Option<u32> {
    b.iter().try_fold(0u32, |acc, c| c.is_ascii_digit().then(|| acc * 10 + u32::from(c - b'0')))
}

fn is_leap(y: i32) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i32, m: u8) -> u8 {
    match m {
        2 if is_leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 (Howard Hinnant's algorithm).
fn days_from_civil(d: Date) -> i64 {
    let y = i64::from(d.year) - i64::from(d.month <= 2);
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(d.month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(d.day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        for ok in ["2024-02-29", "0001-01-01", "9999-12-31", "1685-03-21"] {
            assert!(parse_date(ok).is_some(), "{ok}");
        }
        for bad in [
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
            "2024-1-01",
            "2024-01-01T00:00:00Z",
            " 2024-01-01",
            "0000-01-01",
            "２０２４-01-01",
        ] {
            assert!(parse_date(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn date_times_are_instants() {
        let a = parse_date_time("2024-01-01T00:30:00+01:00").unwrap();
        let b = parse_date_time("2024-01-01T00:00:00Z").unwrap();
        assert!(a < b);
        assert_eq!(parse_date_time("1970-01-01T00:00:00Z").unwrap(), Instant { seconds: 0, nanos: 0 });
        assert_eq!(parse_date_time("1970-01-01T00:00:00.5Z").unwrap().nanos, 500_000_000);
        for bad in [
            "2024-01-01T00:00:00",
            "2024-01-01T24:00:00Z",
            "2024-02-30T00:00:00Z",
            "2024-01-01T00:00Z",
            "2024-01-01 00:00:00Z",
            "2024-01-01T00:00:00+15:00",
            "2024-01-01T00:00:00.Z",
            "2024-01-01T00:00:00z",
        ] {
            assert!(parse_date_time(bad).is_none(), "{bad}");
        }
    }
}
