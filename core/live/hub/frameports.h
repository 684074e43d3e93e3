#pragma once

#include "proto/datamodel/portsample.h"

#include <QList>

#include <iterator>

namespace roce::live {

/// The ports of a hub frame, each the sample a source's frame carried, shared with that
/// frame: two integers a port, where a copy was ~450 bytes and seven strings' references
/// (11,264 of them a tick on a fleet). Reads like a const QList<model::PortSample>.
class FramePorts
{
public:
    class const_iterator
    {
    public:
        using iterator_category = std::random_access_iterator_tag;
        using value_type = model::PortSample;
        using difference_type = qsizetype;
        using pointer = const model::PortSample *;
        using reference = const model::PortSample &;

        const_iterator() = default;
        reference operator*() const { return m_ports->at(m_i); }
        pointer operator->() const { return &m_ports->at(m_i); }
        reference operator[](difference_type n) const { return m_ports->at(m_i + n); }
        const_iterator &operator++()
        {
            ++m_i;
            return *this;
        }
        const_iterator operator++(int)
        {
            const const_iterator was = *this;
            ++m_i;
            return was;
        }
        const_iterator &operator--()
        {
            --m_i;
            return *this;
        }
        const_iterator operator--(int)
        {
            const const_iterator was = *this;
            --m_i;
            return was;
        }
        const_iterator &operator+=(difference_type n)
        {
            m_i += n;
            return *this;
        }
        const_iterator &operator-=(difference_type n)
        {
            m_i -= n;
            return *this;
        }
        friend const_iterator operator+(const_iterator it, difference_type n) { return it += n; }
        friend const_iterator operator+(difference_type n, const_iterator it) { return it += n; }
        friend const_iterator operator-(const_iterator it, difference_type n) { return it -= n; }
        friend difference_type operator-(const const_iterator &a, const const_iterator &b)
        {
            return a.m_i - b.m_i;
        }
        friend bool operator==(const const_iterator &a, const const_iterator &b)
        {
            return a.m_i == b.m_i;
        }
        friend auto operator<=>(const const_iterator &a, const const_iterator &b)
        {
            return a.m_i <=> b.m_i;
        }

    private:
        friend class FramePorts;
        const_iterator(const FramePorts *ports, qsizetype i) : m_ports(ports), m_i(i) { }
        const FramePorts *m_ports = nullptr;
        qsizetype m_i = 0;
    };

    qsizetype size() const { return m_refs.size(); }
    bool isEmpty() const { return m_refs.isEmpty(); }
    const model::PortSample &at(qsizetype i) const
    {
        const Ref r = m_refs.at(i);
        return m_lists.at(r.list).at(r.index);
    }
    const model::PortSample &first() const { return at(0); }
    const_iterator begin() const { return {this, 0}; }
    const_iterator end() const { return {this, size()}; }
    const_iterator cbegin() const { return begin(); }
    const_iterator cend() const { return end(); }

    void reserve(qsizetype ports) { m_refs.reserve(ports); }
    /// Appends sample @p index of a source frame's @p ports (the list is held once for a run
    /// of its ports).
    void append(const QList<model::PortSample> &ports, qsizetype index)
    {
        m_refs.append({listOf(ports), qint32(index)});
    }
    /// Port @p i becomes sample @p index of @p ports (a port twice in a tick: the newest).
    void replace(qsizetype i, const QList<model::PortSample> &ports, qsizetype index)
    {
        m_refs[i] = {listOf(ports), qint32(index)};
    }

private:
    struct Ref {
        qint32 list;
        qint32 index;
    };
    qint32 listOf(const QList<model::PortSample> &ports)
    {
        if (m_lists.isEmpty() || m_lists.last().constData() != ports.constData())
            m_lists.append(ports);
        return qint32(m_lists.size() - 1);
    }

    QList<QList<model::PortSample>> m_lists;
    QList<Ref> m_refs;
};

}  // namespace roce::live
