#pragma once

#include <QString>

#include <functional>

class QWidget;

namespace roce::widgets {

/// Writes @p text (UTF-8) to @p path; false with the reason in @p error.
bool saveText(const QString &path, const QString &text, QString *error = nullptr);
/// Saves what @p widget shows as a PNG at @p path.
bool saveWidgetPng(QWidget *widget, const QString &path, QString *error = nullptr);
/// Asks where to save (a file dialog over @p parent), calls @p save, and says so when it
/// fails. Nothing happens when the user cancels.
void askAndSave(QWidget *parent, const QString &title, const QString &suggestedName,
                const QString &filter,
                const std::function<bool(const QString &path, QString *error)> &save);

}  // namespace roce::widgets
