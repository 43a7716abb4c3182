//! Calendar arithmetic and ISO 8601 spelling for temporal cells.

/// (year, month, day) of a day count since 1970-01-01 (Howard Hinnant's `civil_from_days`).
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// `YYYY-MM-DD`; years outside 0..=9999 get a sign and at least four digits, as ISO 8601 extends.
pub fn date(days: i64) -> String {
    let (y, m, d) = civil_from_days(days);
    let year = if (0..=9999).contains(&y) {
        format!("{y:04}")
    } else {
        format!("{}{:04}", if y < 0 { '-' } else { '+' }, y.abs())
    };
    format!("{year}-{m:02}-{d:02}")
}

/// `hh:mm:ss`, then `.fffffffff` trimmed of trailing zeros when there is a fraction.
pub fn time(seconds_of_day: u32, nanos: u32) -> String {
    let (h, m, s) = (seconds_of_day / 3600, seconds_of_day / 60 % 60, seconds_of_day % 60);
    let mut out = format!("{h:02}:{m:02}:{s:02}");
    if nanos > 0 {
        let fraction = format!("{nanos:09}");
        out.push('.');
        out.push_str(fraction.trim_end_matches('0'));
    }
    out
}

/// `Z` or `±hh:mm`, for an offset already in whole minutes.
pub fn offset(minutes: i32) -> String {
    if minutes == 0 {
        return "Z".into();
    }
    let sign = if minutes < 0 { '-' } else { '+' };
    format!("{sign}{:02}:{:02}", minutes.abs() / 60, minutes.abs() % 60)
}

/// An offset in seconds cut to whole minutes, toward zero.
pub fn whole_minutes(offset_seconds: i32) -> i32 {
    offset_seconds / 60
}

/// Seconds since 1970 split into days and the second of the day.
pub fn split_epoch(seconds: i64) -> (i64, u32) {
    (seconds.div_euclid(86_400), seconds.rem_euclid(86_400) as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        for (days, want) in [
            (0, "1970-01-01"),
            (-1, "1969-12-31"),
            (19_724, "2024-01-02"),
            (19_782, "2024-02-29"),
            (-104_014, "1685-03-21"),
            (-719_162, "0001-01-01"),
            (2_932_896, "9999-12-31"),
            (-719_528, "0000-01-01"),
            (-719_529, "-0001-12-31"),
            (2_932_897, "+10000-01-01"),
        ] {
            assert_eq!(date(days), want, "{days}");
        }
    }

    #[test]
    fn times_and_offsets() {
        assert_eq!(time(0, 0), "00:00:00");
        assert_eq!(time(11_045, 250_000_000), "03:04:05.25");
        assert_eq!(time(86_399, 1), "23:59:59.000000001");
        assert_eq!(offset(0), "Z");
        assert_eq!(offset(60), "+01:00");
        assert_eq!(offset(-570), "-09:30");
        assert_eq!(whole_minutes(3208), 53);
        assert_eq!(whole_minutes(-3208), -53);
        assert_eq!(split_epoch(-1), (-1, 86_399));
    }
}
