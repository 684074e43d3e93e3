#include "proto/datamodel/naturalorder.h"

#include "proto/datamodel/portid.h"

namespace roce::model {

namespace {

qsizetype digitsEnd(QStringView s, qsizetype from)
{
    while (from < s.size() && s.at(from).isDigit())
        ++from;
    return from;
}

/// Two digit runs by their value: "007" and "7" are equal, "10" is more than "9" however long
/// the runs are (no overflow).
int compareNumbers(QStringView x, QStringView y)
{
    while (x.size() > 1 && x.front() == u'0')
        x = x.sliced(1);
    while (y.size() > 1 && y.front() == u'0')
        y = y.sliced(1);
    if (x.size() != y.size())
        return x.size() < y.size() ? -1 : 1;
    return x.compare(y);
}

int sign(int v)
{
    return (v > 0) - (v < 0);
}

}  // namespace

int naturalCompare(QStringView a, QStringView b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a.at(i).isDigit() && b.at(j).isDigit()) {
            const qsizetype ie = digitsEnd(a, i), je = digitsEnd(b, j);
            if (const int c = compareNumbers(a.sliced(i, ie - i), b.sliced(j, je - j)))
                return sign(c);
            i = ie;
            j = je;
            continue;
        }
        const QChar x = a.at(i).toCaseFolded(), y = b.at(j).toCaseFolded();
        if (x != y)
            return x < y ? -1 : 1;
        ++i;
        ++j;
    }
    if (i < a.size() || j < b.size())
        return i < a.size() ? 1 : -1;  // a name before its longer namesakes: leaf before leaf1
    return sign(a.compare(b));
}

bool naturalPortLess(const PortId &a, const PortId &b)
{
    if (a.isNic() != b.isNic())
        return b.isNic();
    if (const int c = naturalCompare(a.device(), b.device()))
        return c < 0;
    return naturalCompare(a.port(), b.port()) < 0;
}

}  // namespace roce::model
